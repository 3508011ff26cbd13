/** The zod schema of a trait filter query parameter (Type:Value pairs), shared by the collection's and the PAWS market's queries. */
import * as z from 'zod';
import { MAX_TRAITS_PARAM_LENGTH, parseTraitFilter } from './collection-rules';

/** `traits=Fur:Golden,Eye_Color:Blue` as the selection it names; a malformed filter is a 400 saying how to write one. */
export const traitFilterParam = z
  .string()
  .max(MAX_TRAITS_PARAM_LENGTH, `must be at most ${MAX_TRAITS_PARAM_LENGTH} characters`)
  .default('')
  .transform((text, context) => {
    const parsed = parseTraitFilter(text);
    if (parsed.ok) return parsed.selection;
    context.addIssue({ code: 'custom', message: `${parsed.error}; use Type:Value pairs separated by commas, e.g. Fur:Golden,Eye_Color:Blue` });
    return z.NEVER;
  });
