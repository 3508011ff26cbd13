/**
 * Test helper: validates response bodies against the official mirror node OpenAPI document.
 * Schemas are compiled with Ajv (draft 2019-09, which understands OpenAPI's `nullable`), and
 * every object schema is closed with `unevaluatedProperties: false`, so a misspelt or invented
 * field fails validation instead of passing unnoticed.
 */
import { readFileSync } from 'node:fs';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** The official mirror node OpenAPI (v0.136, Apache-2.0), copied so the tests do not depend on files outside the repository. */
const SPEC_PATH = new URL('../../fixtures/mirror/mirror-node-openapi.yml', import.meta.url);
const SPEC_ID = 'mirror-openapi.json';

type JsonObject = Record<string, unknown>;

export type ResponseValidator = (body: unknown) => string[];

let ajv: Ajv2019 | undefined;
let spec: JsonObject | undefined;

function load(): { ajv: Ajv2019; spec: JsonObject } {
  if (!ajv || !spec) {
    spec = parse(readFileSync(SPEC_PATH, 'utf8')) as JsonObject;
    closeObjectSchemas(spec);
    ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(spec, SPEC_ID);
  }
  return { ajv, spec };
}

/** A validator for the JSON response of `GET pathTemplate` with HTTP `status` (e.g. '/api/v1/tokens/{tokenId}', 200). */
export function responseValidator(pathTemplate: string, status: number): ResponseValidator {
  const { ajv: validatorFactory, spec: document } = load();
  const operation = ((document.paths as JsonObject)[pathTemplate] as JsonObject | undefined)?.get as JsonObject | undefined;
  let response = (operation?.responses as JsonObject | undefined)?.[String(status)] as JsonObject | undefined;
  if (response?.$ref) response = resolvePointer(document, String(response.$ref)) as JsonObject;
  const schema = ((response?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema as JsonObject | undefined;
  if (!schema?.$ref) throw new Error(`No JSON schema for GET ${pathTemplate} ${status}`);
  const validate = validatorFactory.compile({ $ref: `${SPEC_ID}${String(schema.$ref)}` });
  return (body) => (validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`));
}

function resolvePointer(document: JsonObject, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as JsonObject | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

/** Adds `unevaluatedProperties: false` to object schemas, except the parts an allOf composes. */
function closeObjectSchemas(document: JsonObject): void {
  const schemas = (document.components as JsonObject).schemas as JsonObject;
  const composed = new Set<unknown>();
  const visit = (node: unknown, fn: (n: JsonObject) => void): void => {
    if (Array.isArray(node)) for (const n of node) visit(n, fn);
    else if (node && typeof node === 'object') {
      fn(node as JsonObject);
      for (const n of Object.values(node)) visit(n, fn);
    }
  };
  visit(schemas, (node) => {
    if (!Array.isArray(node.allOf)) return;
    for (const part of node.allOf as JsonObject[]) {
      composed.add(part);
      if (typeof part.$ref === 'string') composed.add(resolvePointer(document, part.$ref));
    }
  });
  visit(schemas, (node) => {
    if (composed.has(node)) return;
    if (node.properties || Array.isArray(node.allOf)) node.unevaluatedProperties = false;
  });
}
