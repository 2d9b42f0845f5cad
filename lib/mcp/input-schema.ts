import type { Endpoint } from '@/lib/endpoints/define';
import { SchemaSet, type Json } from '@/lib/server/openapi/json-schema';
import type { ToolDeclaration } from './tools';

// A tool's input schema (JSON Schema 2020-12): its endpoint's path parameters and query, from the
// very zod schemas the route parses with, described as the API's description describes them
// (lib/server/openapi: each parameter's words, values and default), so an assistant sends what the
// page's URL would carry.

export function inputSchemaOf(endpoint: Endpoint, tool: Pick<ToolDeclaration, 'required' | 'fields'>): Json {
  const set = new SchemaSet();
  const parameters = [
    ...(endpoint.params ? set.parameters(endpoint.params, 'path') : []),
    ...(endpoint.query ?? []).flatMap((schema) => set.parameters(schema, 'query')),
  ] as { name: string; required: boolean; description?: string; schema: Json }[];
  const properties: Record<string, Json> = {};
  const required = new Set<string>();
  for (const p of parameters) {
    const description = [p.description, tool.fields?.[p.name]].filter(Boolean).join(' ');
    properties[p.name] = { ...p.schema, ...(description ? { description } : {}) };
    if (p.required) required.add(p.name);
  }
  for (const name of tool.required ?? []) required.add(name);
  const schema: Json = { type: 'object', properties, additionalProperties: false };
  if (required.size > 0) schema.required = [...required];
  if (Object.keys(set.components).length === 0) return schema;
  // Named parts (`.meta({ id })`) as this schema's own definitions.
  const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/');
  return { ...(JSON.parse(text) as Json), $defs: set.components };
}
