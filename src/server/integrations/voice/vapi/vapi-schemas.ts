import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createGenerator } from 'ts-json-schema-generator';
import type { VapiRequestBodies } from './vapi-types';

/**
 * JSON Schemas of the bodies we send to Vapi, generated from `@vapi-ai/server-sdk`'s types (vapi-types.ts)
 * for the fake Vapi server (test support only: the server never imports this file). Generating takes a few
 * seconds and compiling it ~10 s (the schema is ~0.8 MB), so the compiled validators are made on first use and
 * cached under node_modules/.cache, keyed by the SDK's version and the text of this file and the type file
 * (ADR 043).
 */

const TYPES_FILE = fileURLToPath(new URL('./vapi-types.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const require = createRequire(import.meta.url);

type Schema = { definitions: Record<string, SchemaNode> } & SchemaNode;
type SchemaNode = Record<string, unknown>;

function cacheFile(): string {
  const sdk = (require('@vapi-ai/server-sdk/package.json') as { version: string }).version;
  const key = createHash('sha256')
    .update(readFileSync(TYPES_FILE))
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex')
    .slice(0, 12);
  // Beside node_modules' packages, so the compiled code finds ajv's runtime helpers.
  return `${ROOT}node_modules/.cache/servc-vapi-schemas/sdk-${sdk}-${key}.cjs`;
}

function generate(): Schema {
  const generator = createGenerator({
    path: TYPES_FILE,
    tsconfig: `${ROOT}tsconfig.server.json`,
    type: 'VapiRequestBodies',
    skipTypeCheck: true,
    expose: 'export',
    topRef: false,
    jsDoc: 'none',
    // Vapi refuses keys its DTOs do not declare ("property X should not exist").
    additionalProperties: false,
  });
  return discriminated(generator.createSchema('VapiRequestBodies') as Schema);
}

/**
 * The SDK's unions are tagged (`provider` on models, voices and transcribers, `type` on tools): as ajv
 * discriminators, a body is checked against its own branch only, and an error names its key, not every
 * branch's.
 */
function discriminated(schema: Schema): Schema {
  const resolve = (node: SchemaNode | undefined): SchemaNode | undefined => {
    for (let hops = 0; node && typeof node.$ref === 'string' && hops < 20; hops++) {
      node = schema.definitions[decodeURIComponent(node.$ref.replace('#/definitions/', ''))];
    }
    return node;
  };
  const tagOf = (branch: SchemaNode, key: string): unknown => {
    const target = resolve(branch);
    const property = (target?.properties as Record<string, SchemaNode> | undefined)?.[key];
    if (!property || !((target?.required as string[] | undefined) ?? []).includes(key)) return undefined;
    if (property.const !== undefined) return property.const;
    const values = property.enum as unknown[] | undefined;
    return values?.length === 1 ? values[0] : undefined;
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const object = node as SchemaNode;
    Object.values(object).forEach(walk);
    const branches = object.anyOf as SchemaNode[] | undefined;
    if (!Array.isArray(branches) || branches.length < 2) return;
    for (const key of ['provider', 'type', 'role']) {
      const tags = branches.map((branch) => tagOf(branch, key));
      if (tags.every((tag) => typeof tag === 'string') && new Set(tags).size === tags.length) {
        delete object.anyOf;
        Object.assign(object, { type: 'object', discriminator: { propertyName: key }, oneOf: branches });
        object.required = [...new Set([...((object.required as string[] | undefined) ?? []), key])];
        return;
      }
    }
  };
  walk(schema);
  return schema;
}

export type VapiBodyKind = keyof VapiRequestBodies;

const DEFINITIONS: Record<VapiBodyKind, string> = {
  assistantCreate: 'vapi#/definitions/VapiAssistantCreate',
  assistantUpdate: 'vapi#/definitions/VapiAssistantUpdate',
  callCreate: 'vapi#/definitions/VapiCallCreate',
  phoneNumberUpdate: 'vapi#/definitions/VapiPhoneNumberUpdate',
};

/** ajv's compiled validators as a CommonJS module (compiling the schema takes several seconds; loading, not). */
function compile(): string {
  const ajv = new Ajv({ allErrors: true, strict: false, discriminator: true, code: { source: true } });
  ajv.addSchema(generate(), 'vapi');
  return standaloneCode(ajv, DEFINITIONS);
}

let validators: Record<VapiBodyKind, ValidateFunction> | undefined;

/**
 * The validators, made on first use and cached. Takes seconds on a cold cache: call it in a `beforeAll` with
 * a long timeout before the fake answers its first request.
 */
export function prepareVapiSchemas(): Record<VapiBodyKind, ValidateFunction> {
  if (validators) return validators;
  const file = cacheFile();
  if (!existsSync(file)) {
    const code = compile();
    mkdirSync(dirname(file), { recursive: true });
    // Test files run in parallel: write aside, then rename, so no reader sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  validators = require(file) as Record<VapiBodyKind, ValidateFunction>;
  return validators;
}

/** `/model/tools/0` → `model.tools.0.` (Vapi prefixes nested messages with the path). */
const prefix = (path: string) =>
  path
    .split('/')
    .slice(1)
    .map((part) => `${part}.`)
    .join('');

/** class-validator's wording, as Vapi's 400 bodies carry it. */
function messageOf(error: ErrorObject): string {
  const at = prefix(error.instancePath);
  const field = at.slice(0, -1) || 'body';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${at}property ${String(params.additionalProperty)} should not exist`;
    case 'required':
      return `${at}${String(params.missingProperty)} should not be empty`;
    case 'enum':
      return `${field} must be one of the following values: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `${field} must be equal to ${String(params.allowedValue)}`;
    case 'discriminator':
      return `${field}.${String(params.tag)} must be one of the values its union allows`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}

/** Vapi's validation messages for a body, or none when the SDK's types allow it. */
export function vapiBodyProblems(kind: VapiBodyKind, body: unknown): string[] {
  const validate = prepareVapiSchemas()[kind];
  if (validate(body)) return [];
  return [...new Set((validate.errors ?? []).map(messageOf))];
}
