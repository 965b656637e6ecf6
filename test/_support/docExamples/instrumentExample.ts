import ts from "typescript";
import { parseExpected, type Expected } from "./parseExpected.ts";

/** One checked line of an example: `expr // => value` or `statement // throws "message"`. */
export interface ExampleCheck {
  kind: "value" | "throws";
  /** 0-based line of the `//` comment within the example's code. */
  line: number;
  /** The expected value, or for `throws` the expected message (a string, `…` allowed). */
  expected: Expected;
  /** The comment's text, for messages. */
  text: string;
}

/** An example made runnable: JavaScript defining `async function __example()`, and its checks. */
export interface InstrumentedExample {
  js: string;
  checks: ExampleCheck[];
}

/**
 * Rewrites an example's code (TypeScript, top-level `await` allowed) so that each checked line
 * reports its value: an expression statement followed by `// => value` (on its line or alone on
 * the next ones) becomes `await __value(k, async () => (expr))`; a statement followed by
 * `// throws "message"` becomes `await __throws(k, async () => { statement })`; `import`
 * declarations become `const … = __module("specifier")`. Other comments are remarks. Then
 * transpiles the whole, wrapped in `async function __example() { … }`, to JavaScript.
 */
export function instrumentExample(code: string): InstrumentedExample {
  const sf = ts.createSourceFile("example.ts", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const statements = sf.statements;
  const checks: ExampleCheck[] = [];
  const out: string[] = [];
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line;
  for (let s = 0; s < statements.length; s++) {
    const statement = statements[s]!;
    const gapEnd = s + 1 < statements.length ? statements[s + 1]!.getStart(sf) : code.length;
    const found: ExampleCheck[] = [];
    let offset = statement.end;
    for (const lineText of code.slice(statement.end, gapEnd).split("\n")) {
      const comment = /\/\/\s*(=>|throws\b)\s*(.*)$/.exec(lineText);
      if (comment !== null) {
        const kind = comment[1] === "=>" ? "value" : "throws";
        const expected = parseExpected(comment[2]!);
        if (kind === "throws" && expected.kind !== "string")
          throw new Error(`line ${lineOf(offset) + 1}: "// throws" must be followed by the message in quotes`);
        found.push({ kind, line: lineOf(offset), expected, text: comment[0] });
      }
      offset += lineText.length + 1;
    }
    if (found.length > 1)
      throw new Error(`line ${found[1]!.line + 1}: one statement, two checks (${found.map((f) => f.text).join("; ")})`);
    const check = found[0];
    if (ts.isImportDeclaration(statement)) {
      if (check !== undefined) throw new Error(`line ${check.line + 1}: an import cannot be checked`);
      out.push(importAsConst(statement, sf));
      continue;
    }
    if (check === undefined) {
      out.push(statement.getText(sf));
      continue;
    }
    const k = checks.length;
    checks.push(check);
    if (check.kind === "throws") out.push(`await __throws(${k}, async () => { ${statement.getText(sf)} });`);
    else if (ts.isExpressionStatement(statement))
      out.push(`await __value(${k}, async () => (${statement.expression.getText(sf)}));`);
    else if (ts.isVariableStatement(statement)) {
      const last = statement.declarationList.declarations.at(-1)!.name;
      if (!ts.isIdentifier(last))
        throw new Error(`line ${check.line + 1}: a checked declaration must name one variable`);
      out.push(statement.getText(sf), `await __value(${k}, async () => (${last.text}));`);
    } else
      throw new Error(
        `line ${check.line + 1}: only an expression or a declaration can be followed by "// =>" (found ${ts.SyntaxKind[statement.kind]})`,
      );
  }
  const source = `async function __example() {\n${out.join("\n")}\n}`;
  const js = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: true },
    reportDiagnostics: true,
  });
  const problems = (js.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  if (problems.length > 0) throw new Error(`the example does not compile: ${problems.join("; ")}`);
  return { js: js.outputText, checks };
}

/** `import x, { a, b as c } from "m"` / `import * as ns from "m"` as `const` bindings from `__module("m")`. */
function importAsConst(node: ts.ImportDeclaration, sf: ts.SourceFile): string {
  const specifier = (node.moduleSpecifier as ts.StringLiteral).text;
  const from = `__module(${JSON.stringify(specifier)})`;
  const clause = node.importClause;
  if (clause === undefined) return `${from};`;
  const parts: string[] = [];
  if (clause.name !== undefined) parts.push(`const ${clause.name.text} = ${from}.default;`);
  const bindings = clause.namedBindings;
  if (bindings !== undefined && ts.isNamespaceImport(bindings)) parts.push(`const ${bindings.name.text} = ${from};`);
  if (bindings !== undefined && ts.isNamedImports(bindings)) {
    const names = bindings.elements
      .filter((e) => !e.isTypeOnly)
      .map((e) => (e.propertyName === undefined ? e.name.text : `${e.propertyName.getText(sf)}: ${e.name.text}`));
    if (names.length > 0) parts.push(`const { ${names.join(", ")} } = ${from};`);
  }
  return parts.join("\n");
}
