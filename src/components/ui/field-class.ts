/** The classes of a form's text input or select (its height, border, focus ring), shared by the forms of the pages. */
export const FIELD_CLASS =
  'h-10 min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
