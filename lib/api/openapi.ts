import { z } from "zod";
import { API_ROUTES, type TApiRoute, type TRouteMethod } from "./api-routes";
import { NO_BODY, OPERATIONS, type TAnswer, type TOperation } from "./operations";
import { ZApiErrorBody } from "./schemas/common";

/*
 * The OpenAPI 3.1 document of the HTTP API, built from the route table and the schemas the handlers parse
 * with (lib/api/operations.ts), never written by hand. Served at GET /api/openapi.json.
 */

type JsonSchema = Record<string, unknown>;

/** Shared definitions (schemas with a `meta({id})`, and zod's recursive ones) collected under components. */
class Definitions {
  readonly schemas: Record<string, JsonSchema> = {};
  /** zod's recursive definitions (z.json()) by their text, so each is listed once. */
  private anonymous = new Map<string, string>();

  /** The JSON Schema of `schema`, its own definitions moved to components and their references rewritten. */
  of(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const {
      $schema: _,
      $defs,
      ...root
    } = z.toJSONSchema(schema, { io, unrepresentable: "any", cycles: "ref" }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    const renames = new Map<string, string>();
    for (const [name, def] of Object.entries($defs ?? {})) {
      if (!name.startsWith("__schema")) renames.set(name, io === "input" ? `${name}Input` : name);
      else {
        const text = JSON.stringify(def);
        if (!this.anonymous.has(text)) this.anonymous.set(text, `Json${this.anonymous.size + 1}`);
        renames.set(name, this.anonymous.get(text)!);
      }
    }
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value === null || typeof value !== "object") return value;
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) =>
          k === "$ref" && typeof v === "string" && v.startsWith("#/$defs/")
            ? [k, `#/components/schemas/${renames.get(v.slice("#/$defs/".length)) ?? v}`]
            : [k, rewrite(v)],
        ),
      );
    };
    for (const [name, def] of Object.entries($defs ?? {}))
      this.schemas[renames.get(name)!] = rewrite(def) as JsonSchema;
    return rewrite(root) as JsonSchema;
  }
}

/** `/api/runs/[id]` → `/api/runs/{id}`, and the names in brackets. */
function templateOf(path: string): { template: string; names: string[] } {
  const names = [...path.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!);
  return { template: path.replace(/\[(\w+)\]/g, "{$1}"), names };
}

function parameters(op: TOperation, names: string[], defs: Definitions): JsonSchema[] {
  const inPath = names.map((name) => {
    const given = op.params?.shape[name] as z.ZodType | undefined;
    const schema = given ? defs.of(given, "input") : { type: "string", minLength: 1 };
    return { name, in: "path", required: true, schema };
  });
  const query = op.query ? defs.of(op.query, "input") : null;
  const inQuery = queryProperties(query).map(([name, schema, required]) => ({ name, in: "query", required, schema }));
  return [...inPath, ...inQuery];
}

/** The properties of a query's schema, an intersection (`and`) read as one object. */
function queryProperties(schema: JsonSchema | null): [string, unknown, boolean][] {
  if (schema === null) return [];
  const parts = (schema.allOf as JsonSchema[] | undefined) ?? [schema];
  return parts.flatMap((part) => {
    const required = new Set((part.required as string[] | undefined) ?? []);
    return Object.entries((part.properties as Record<string, unknown> | undefined) ?? {}).map(
      ([name, s]): [string, unknown, boolean] => [name, s, required.has(name)],
    );
  });
}

function response(answer: TAnswer, defs: Definitions): JsonSchema {
  if ("json" in answer)
    return {
      description: answer.description,
      content: { "application/json": { schema: defs.of(answer.json, "output") } },
    };
  if ("media" in answer) return { description: answer.description, content: { [answer.media]: {} } };
  return { description: answer.description };
}

function operation(method: TRouteMethod, route: TApiRoute, op: TOperation, defs: Definitions): JsonSchema {
  const { names } = templateOf(route.path);
  const media = route.methods[method] ?? [];
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(op.answers)) responses[status] = response(answer, defs);
  responses.default = {
    description: "An error, in the one error shape: 400 malformed, 401, 403, 404, 409, 413, 415, 422 invalid, 500.",
    content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
  };
  return {
    operationId: operationId(method, route.path),
    summary: op.summary,
    ...(op.write ? { security: [{ ingestToken: [] }, {}] } : {}),
    parameters: parameters(op, names, defs),
    ...(op.body && media.length > 0
      ? {
          requestBody: {
            required: op.body !== NO_BODY,
            content: Object.fromEntries(media.map((type) => [type, { schema: defs.of(op.body!, "input") }])),
          },
        }
      : {}),
    responses,
  };
}

let built: JsonSchema | null = null;

/** The document: every route of the route table with every method it exports. Built once: the code is its source. */
export function openApiDocument(): JsonSchema {
  return (built ??= buildDocument());
}

function buildDocument(): JsonSchema {
  const defs = new Definitions();
  defs.schemas.ApiError = defs.of(ZApiErrorBody, "output");
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of API_ROUTES) {
    const { template } = templateOf(route.path);
    const ops = OPERATIONS[route.path];
    if (!ops) throw new Error(`lib/api/operations.ts does not describe ${route.path}.`);
    paths[template] = {};
    for (const method of Object.keys(route.methods) as TRouteMethod[]) {
      const op = ops[method];
      if (!op) throw new Error(`lib/api/operations.ts does not describe ${method} ${route.path}.`);
      paths[template][method.toLowerCase()] = operation(method, route, op, defs);
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Tally HTTP API",
      version: "1",
      description:
        "Every route of the Tally server. Errors share one shape. Writes need the ingest token in the Authorization header when the server sets one; reads need the read token (or a session cookie) when it sets one. docs/api.md says more.",
    },
    paths,
    components: {
      schemas: defs.schemas,
      securitySchemes: {
        ingestToken: { type: "http", scheme: "bearer", description: "TALLY_INGEST_TOKEN, for writes." },
        readToken: {
          type: "http",
          scheme: "bearer",
          description: "TALLY_READ_TOKEN (or a session cookie), for reads.",
        },
      },
    },
  };
}

/** `GET /api/runs/[id]/rollouts/[rollout]` → `getRunsIdRolloutsRollout`: unique, as paths and methods are. */
function operationId(method: TRouteMethod, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}
