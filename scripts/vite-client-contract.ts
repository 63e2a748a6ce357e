// Vite plugin: the browser's copy of the shared endpoint definitions (src/shared/endpoints/*.ts)
// without their schemas. The client builds a call from an endpoint's method and path alone
// (client/lib/api.ts `call`, shared/endpoint.ts `pathOf`) and takes its types from the schemas at
// compile time; the server validates with them. Left in, every endpoint the first screen can call
// would bring its params, query, body and response schemas and valibot into the app's first
// script. Forms that check input in the browser import their schemas themselves, and keep them.
// The calls that build the shared modules' constants are marked pure, so a schema no browser code
// uses is left out (the bundler cannot tell on its own that building a schema does nothing else).
import { parseAst, type Plugin } from 'vite';
import MagicString from 'magic-string';

/** The properties of an endpoint definition that hold schemas: the server's only. */
export const SERVER_ONLY = ['params', 'query', 'body', 'response'] as const;

const ENDPOINT_MODULE = /[\\/]src[\\/]shared[\\/]endpoints[\\/][^\\/]+\.ts$/;
const SHARED_MODULE = /[\\/]src[\\/]shared[\\/].+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** A top-level statement's `const …` declaration (`export const` too), or null. */
function constantsOf(statement: Node): (Node & { declarations: Node[] }) | null {
  const declaration = (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement) as (Node & { declarations: Node[] }) | null;
  return declaration?.type === 'VariableDeclaration' ? declaration : null;
}

const FUNCTION = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration']);

/**
 * `code` (JavaScript, a shared module) for the browser: each call that builds one of its top-level
 * constants (outside any function: a schema, or a list) marked pure, so an unused one is left out;
 * in an endpoint module, each `endpoint({ … })` argument's schema properties set to undefined.
 * Null when nothing changed.
 */
export function forTheBrowser(code: string, { endpoints }: { endpoints: boolean }): string | null {
  const out = new MagicString(code);
  let changed = false;
  // The schema values an endpoint loses: nothing inside them is edited again.
  const dropped = new Set<unknown>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object' || dropped.has(node)) return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Node;
    // A function's body runs only when called: its calls stay as they are.
    if (FUNCTION.has(n.type)) return;
    if (endpoints && n.type === 'CallExpression') {
      const callee = n.callee as Node & { name?: string };
      const [definition] = n.arguments as (Node & { properties?: Node[] })[];
      if (callee.type === 'Identifier' && callee.name === 'endpoint' && definition?.type === 'ObjectExpression') {
        for (const property of definition.properties ?? []) {
          const key = property.key as (Node & { name?: string }) | undefined;
          const value = property.value as Node | undefined;
          if (property.type !== 'Property' || property.computed || !key || key.type !== 'Identifier' || !value) continue;
          if (!(SERVER_ONLY as readonly string[]).includes(key.name!)) continue;
          // `key: value` keeps its key (shorthand `{ body }` becomes `body: void 0`).
          if (property.shorthand) out.overwrite(property.start, property.end, `${key.name}: void 0`);
          else out.overwrite(value.start, value.end, 'void 0');
          dropped.add(property);
          dropped.add(value);
          changed = true;
        }
      }
    }
    if (n.type === 'CallExpression' || n.type === 'NewExpression') {
      out.appendLeft(n.start, '/* @__PURE__ */ ');
      changed = true;
    }
    for (const [field, child] of Object.entries(n)) if (field !== 'type' && typeof child === 'object') visit(child);
  };
  // Only what initialises a top-level constant (`const x = …`, `export const x = …`).
  for (const statement of parseAst(code).body as unknown as Node[]) {
    const declaration = constantsOf(statement);
    if (!declaration) continue;
    for (const declarator of declaration.declarations) visit(declarator.init);
  }
  if (!changed) return null;
  const result = out.toString();
  return withoutUnusedImports(withoutUnusedConstants(endpoints ? untilSettled(result, withoutSchemaConstants) : result));
}

/**
 * An endpoint module without the schemas it declares for its endpoints (`[export] const x = v.…(…)`):
 * they are the server's, and the browser's types come from them at compile time. Browser code that
 * checks input takes its schema from src/shared/schemas; importing one of these fails the build.
 * (One the module itself reads, in a function, stays.)
 */
function withoutSchemaConstants(code: string): string {
  const out = new MagicString(code);
  for (const statement of parseAst(code).body as unknown as Node[]) {
    const declaration = constantsOf(statement);
    if (!declaration) continue;
    const rest = code.slice(0, statement.start) + code.slice(statement.end);
    const schemas = declaration.declarations.every((d) => {
      const init = d.init as (Node & { callee?: Node & { object?: Node & { name?: string } } }) | null;
      const id = d.id as Node & { name?: string };
      // (One the module itself still reads stays.)
      return init?.type === 'CallExpression' && init.callee?.type === 'MemberExpression' && init.callee.object?.name === 'v' && id.type === 'Identifier' && !isRead(id.name!, rest);
    });
    if (schemas) out.remove(statement.start, statement.end);
  }
  return out.toString();
}

/** `step` applied again until it changes nothing (a schema read only by another goes with it). */
function untilSettled(code: string, step: (code: string) => string): string {
  for (let next = step(code); next !== code; next = step(code)) code = next;
  return code;
}

/** Whether `code` names `name` as a variable (a spread `...name` does; a property `x.name` does not). */
const isRead = (name: string, code: string) => new RegExp(`(?<![\\w$])(?<!(?<!\\.\\.)\\.)${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(code);

/** `code` without the top-level constants of its own (not exported) that nothing reads any more, until none is left. */
function withoutUnusedConstants(code: string): string {
  for (;;) {
    const unread = (parseAst(code).body as unknown as Node[]).find((statement) => {
      if (statement.type !== 'VariableDeclaration') return false;
      const declarations = statement.declarations as (Node & { id: Node & { name?: string } })[];
      if (declarations.length !== 1 || declarations[0].id.type !== 'Identifier') return false;
      return !isRead(declarations[0].id.name!, code.slice(0, statement.start) + code.slice(statement.end));
    });
    if (!unread) return code;
    code = code.slice(0, unread.start) + code.slice(unread.end);
  }
}

/**
 * `code` without the named imports it no longer reads. A module whose import stays, even unread,
 * is still a module of the importing chunk's graph: a schema module the first script's endpoints
 * imported would be held in the first script for every screen that uses it.
 */
function withoutUnusedImports(code: string): string {
  const out = new MagicString(code);
  for (const statement of parseAst(code).body as unknown as Node[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    const specifiers = statement.specifiers as (Node & { local: Node & { name: string } })[];
    if (specifiers.length === 0) continue;
    const rest = code.slice(0, statement.start) + code.slice(statement.end);
    const read = specifiers.filter((s) => isRead(s.local.name, rest));
    if (read.length === specifiers.length) continue;
    const source = (statement.source as Node & { raw: string }).raw;
    if (read.length === 0) out.remove(statement.start, statement.end);
    else if (read.every((s) => s.type === 'ImportSpecifier')) {
      const names = read.map((s) => code.slice(s.start, s.end));
      out.overwrite(statement.start, statement.end, `import { ${names.join(', ')} } from ${source};`);
    }
  }
  return out.toString();
}

export function clientContract(): Plugin {
  return {
    name: 'client-contract',
    // After TypeScript has been stripped.
    enforce: 'post',
    transform(code, id, options) {
      const file = id.split('?')[0];
      const endpoints = ENDPOINT_MODULE.test(file);
      if (options?.ssr || !SHARED_MODULE.test(file)) return null;
      const result = forTheBrowser(code, { endpoints });
      return result === null ? null : { code: result, map: null };
    },
  };
}
