// Field names of REST input, read against the procedure's own zod schema. Scripts written for
// CloudPaste's API document spell the same field in camelCase (`expiresAt`) where our schemas use
// snake_case (`expires_at`), or the other way round; both spellings are accepted everywhere, at any
// depth (multipart `parts[].PartNumber`), and so are the other names a route declares (FieldAliases). A JSON body field that no spelling matches is refused with
// 400 naming it, instead of being dropped without a word (zod's default), so a misspelt limit never
// creates a share without its limit. Query strings are read the same way but not refused: proxies
// and scripts add their own parameters (cache busters) there. A field read under another name is
// remembered (FieldSpellings), so a bad value's 400 names it as the request spelled it (`query`, not `q`).
import type { z } from "zod";
import { AppError } from "../errors";

/**
 * Names CloudPaste's document uses that no change of case turns into ours (`maxDownloads` for
 * `max_views`), declared by each route that accepts them (RestMeta.aliases, RawRoute.aliases): alias ->
 * the schema's name. An alias applies wherever the schema at that level has the target field and not
 * the alias itself (`ETag` for each part's `etag`).
 */
export type FieldAliases = Readonly<Record<string, string>>;

function toSnakeCase(name: string): string {
  return name.replace(/^[A-Z]/, (c) => c.toLowerCase()).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function toCamelCase(name: string): string {
  return name.replace(/^[A-Z]/, (c) => c.toLowerCase()).replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** The schema's own name for `name`, or undefined when no spelling of it is a field of `shape`. */
function canonicalName(name: string, shape: Record<string, unknown>, aliases: FieldAliases): string | undefined {
  const candidates = [
    name,
    Object.hasOwn(aliases, name) ? aliases[name] : undefined,
    toSnakeCase(name),
    toCamelCase(name),
  ];
  return candidates.find((candidate) => candidate !== undefined && Object.hasOwn(shape, candidate));
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
};

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The schema a pipe's input is read by: its first stage, or its second after a preprocess step. */
function pipeSource(def: Def): z.ZodType | undefined {
  return def.in && defOf(def.in).type === "transform" ? def.out : def.in;
}

/** The schema with optional, default, pipe and similar wrappers removed. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    const next = def.innerType ?? (def.type === "pipe" ? pipeSource(def) : undefined) ?? def.getter?.();
    if (!next) return current;
    current = next;
  }
}

/** The fields an object value may carry, or null when the schema takes any keys (records, loose objects). */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null | undefined {
  const def = defOf(schema);
  if (def.type === "object") return def.catchall && defOf(def.catchall).type !== "never" ? null : (def.shape ?? {});
  if (def.type === "union" || def.type === "intersection") {
    const parts = def.type === "union" ? (def.options ?? []) : [def.left, def.right].filter((p) => p !== undefined);
    const shapes = parts.map((part) => objectShape(unwrap(part))).filter((shape) => shape !== undefined);
    if (shapes.length === 0) return undefined;
    if (shapes.includes(null)) return null;
    return Object.assign({}, ...shapes);
  }
  return undefined;
}

function arrayElement(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(schema);
  if (def.type === "array") return def.element;
  if (def.type === "union") {
    for (const option of def.options ?? []) {
      const element = arrayElement(unwrap(option));
      if (element) return element;
    }
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

type Path = readonly (string | number)[];

/** A path as messages about unknown fields write it: `parts[0].size`. */
function shownPath(path: Path): string {
  let shown = "";
  for (const name of path) shown = typeof name === "number" ? `${shown}[${name}]` : shown ? `${shown}.${name}` : name;
  return shown;
}

/**
 * The fields a request spelled otherwise than the schema: the schema's path to the request's, each as a
 * validation issue's path joined with dots (`parts.0.part_number` -> `parts.0.PartNumber`).
 */
export type FieldSpellings = Map<string, string>;

/** A validation issue's path as the request spelled it: its longest renamed beginning replaced. */
export function pathAsSent(path: readonly PropertyKey[], spellings: FieldSpellings): string {
  const names = path.map(String);
  for (let end = names.length; end > 0 && spellings.size > 0; end--) {
    const sent = spellings.get(names.slice(0, end).join("."));
    if (sent !== undefined) return [sent, ...names.slice(end)].join(".");
  }
  return names.join(".");
}

/**
 * `value` with every field renamed to the schema's spelling (its other case, or one of the route's
 * `aliases`); each renamed field is noted in `spellings`. With `strict`, a field the schema does not know
 * (in any spelling), or one given in two spellings, is a 400 naming it.
 */
export function canonicalFields(
  schema: z.ZodType,
  value: unknown,
  strict: boolean,
  spellings: FieldSpellings = new Map(),
  aliases: FieldAliases = {},
): unknown {
  return canonicalAt({ strict, spellings, aliases }, schema, value, [], []);
}

type Reading = { strict: boolean; spellings: FieldSpellings; aliases: FieldAliases };

function canonicalAt(reading: Reading, schema: z.ZodType, value: unknown, schemaPath: Path, sentPath: Path): unknown {
  const { strict, spellings } = reading;
  const inner = unwrap(schema);
  if (Array.isArray(value)) {
    const element = arrayElement(inner);
    return element
      ? value.map((item, index) => canonicalAt(reading, element, item, [...schemaPath, index], [...sentPath, index]))
      : value;
  }
  if (!isPlainObject(value)) return value;
  const shape = objectShape(inner);
  if (!shape) return value;
  const result: Record<string, unknown> = {};
  for (const [name, fieldValue] of Object.entries(value)) {
    const canonical = canonicalName(name, shape, reading.aliases);
    if (canonical === undefined) {
      if (strict) throw new AppError("BAD_REQUEST", "errors.unknownField", { field: shownPath([...sentPath, name]) });
      result[name] = fieldValue;
      continue;
    }
    if (Object.hasOwn(result, canonical)) {
      if (!strict) continue;
      throw new AppError("BAD_REQUEST", "errors.fieldGivenTwice", { field: shownPath([...schemaPath, canonical]) });
    }
    const fieldSchemaPath = [...schemaPath, canonical];
    const fieldSentPath = [...sentPath, name];
    const key = fieldSchemaPath.join(".");
    if (name !== canonical) spellings.set(key, fieldSentPath.join("."));
    // The same field spelled as the schema does, read later (a body after the query), is named so.
    else if (spellings.has(key)) spellings.delete(key);
    const fieldSchema = shape[canonical];
    result[canonical] = fieldSchema
      ? canonicalAt(reading, fieldSchema, fieldValue, fieldSchemaPath, fieldSentPath)
      : fieldValue;
  }
  return result;
}
