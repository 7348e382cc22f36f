import type { ColumnKind } from "../rows";

/*
 * The SQL both databases run, written once: a tagged template whose values are bound as parameters (never
 * spliced into the text), with tokens for the few expressions each database writes its own way (Fragments).
 * A dialect renders a statement with its placeholders (`?` or `$n`), its encoding of each value and its
 * fragments; the same template renders to the same text, so prepared statements are cached by it.
 */

/** A value bound as a parameter, encoded by its kind (a boolean as 0/1 on SQLite, a date as ISO text…). */
export class Param {
  constructor(
    readonly value: unknown,
    readonly kind: ColumnKind,
    /** A PostgreSQL type the placeholder is cast to (`text[]`), for values only a dialect binds. */
    readonly cast?: string,
  ) {}
}

/** Trusted SQL text: identifiers and column lists the code writes, never data. */
export class Raw {
  constructor(readonly text: string) {}
}

/** An expression each database writes its own way, expanded by the dialect's Fragments. */
export class Token<K extends keyof Fragments = keyof Fragments> {
  constructor(
    readonly name: K,
    readonly args: Parameters<Fragments[K]>,
  ) {}
}

/** What a template may hold: plain values are bound as parameters. */
export type Part = string | number | boolean | null | Date | Uint8Array | Param | Raw | Token | Sql;

export class Sql {
  constructor(
    readonly strings: readonly string[],
    readonly parts: readonly Part[],
  ) {}
}

export function sql(strings: TemplateStringsArray, ...parts: Part[]): Sql {
  return new Sql(strings, parts);
}

export const raw = (text: string) => new Raw(text);

/** A value written to a JSON column (as JSON text; jsonb on PostgreSQL). */
export const json = (value: unknown) => new Param(value, "json");

/** Quoted column names, `prefix.` before each when given: `r."id", r."name"`. */
export const columnList = (names: readonly string[], prefix = "") =>
  raw(names.map((n) => `${prefix ? `${prefix}.` : ""}"${n}"`).join(", "));

/** Statements joined by `separator`. */
export function join(statements: readonly Sql[], separator: string): Sql {
  if (statements.length === 0) return sql``;
  return new Sql(["", ...statements.slice(1).map(() => separator), ""], statements);
}

/**
 * The expressions that differ between the databases. Each dialect implements every one (the compiler checks);
 * rules use them through the tokens below.
 */
export interface Fragments {
  /** After a SELECT: locks the rows it reads until the transaction ends, where the database locks rows. */
  forUpdate(): Sql;
  /** `column` is one of `values`, all bound as ONE parameter whatever their number. */
  inList(column: Sql, values: readonly (string | number)[], kind: "text" | "integer"): Sql;
  /** A JSON column as its JSON text. */
  jsonText(column: Sql): Sql;
  /** The number of elements of a JSON array column. */
  jsonLength(column: Sql): Sql;
  /** The first `count` strings of a JSON array column, each cut to `chars` characters, as a JSON array. */
  jsonStringsHead(column: Sql, count: number, chars: number): Sql;
  /** A JSON array of the values. */
  jsonArray(values: readonly Sql[]): Sql;
  /** A JSON column as a JSON value inside jsonArray (not as a string holding its text). */
  jsonValue(column: Sql): Sql;
  /** The texts `value` over an aggregate's rows, in `order`, joined by `separator`: null for none. */
  textAgg(value: Sql, separator: string, order: Sql): Sql;
  /** The JSON array of `value` over an aggregate's rows, in `order`: `[]` for none. */
  jsonArrayAgg(value: Sql, order: Sql): Sql;
  /**
   * The trace step aliased `s` has every word (`all`) or the words as a phrase in its full-text index. Words are
   * letters and digits only (lib/traces/search-match.ts queryWords), so none is an operator of either engine.
   */
  stepTextMatch(mode: "all" | "phrase", words: readonly string[]): Sql;
}

export const forUpdate = (...args: Parameters<Fragments["forUpdate"]>) => new Token("forUpdate", args);
export const inList = (...args: Parameters<Fragments["inList"]>) => new Token("inList", args);
export const jsonText = (...args: Parameters<Fragments["jsonText"]>) => new Token("jsonText", args);
export const jsonLength = (...args: Parameters<Fragments["jsonLength"]>) => new Token("jsonLength", args);
export const jsonStringsHead = (...args: Parameters<Fragments["jsonStringsHead"]>) =>
  new Token("jsonStringsHead", args);
export const jsonArray = (...args: Parameters<Fragments["jsonArray"]>) => new Token("jsonArray", args);
export const jsonValue = (...args: Parameters<Fragments["jsonValue"]>) => new Token("jsonValue", args);
export const textAgg = (...args: Parameters<Fragments["textAgg"]>) => new Token("textAgg", args);
export const jsonArrayAgg = (...args: Parameters<Fragments["jsonArrayAgg"]>) => new Token("jsonArrayAgg", args);
export const stepTextMatch = (...args: Parameters<Fragments["stepTextMatch"]>) => new Token("stepTextMatch", args);

/** How a dialect writes a statement: its fragments, and each parameter's placeholder and bound value. */
export interface Renderer {
  readonly fragments: Fragments;
  /** The placeholder of the `n`th parameter (from 1) and the value to bind. */
  bind(param: Param, n: number): { placeholder: string; value: unknown };
}

/** The kind of a plain value in a template. */
function kindOf(value: unknown): ColumnKind {
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return "number";
  if (value instanceof Date) return "date";
  if (value instanceof Uint8Array) return "bytes";
  return "text";
}

/** A statement's text and bound values, for one dialect. */
export function render(statement: Sql, renderer: Renderer): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  let text = "";
  const visit = (s: Sql) => {
    s.strings.forEach((chunk, i) => {
      text += chunk;
      if (i < s.parts.length) part(s.parts[i]!);
    });
  };
  const part = (p: Part) => {
    if (p instanceof Sql) visit(p);
    else if (p instanceof Raw) text += p.text;
    else if (p instanceof Token) {
      visit(
        (renderer.fragments[p.name] as (this: Fragments, ...args: unknown[]) => Sql).apply(renderer.fragments, p.args),
      );
    } else {
      if (p === undefined) throw new Error("an undefined value in SQL: pass null");
      const param = p instanceof Param ? p : new Param(p, kindOf(p));
      const bound = renderer.bind(param, values.length + 1);
      values.push(bound.value);
      text += bound.placeholder;
    }
  };
  visit(statement);
  return { text, values };
}
