// The glue of a program that uses a physics package: the statements that mention the package's
// imports (or a variable made from them), counted on the syntax tree; the README's count and the
// closing note's comparisons of fixed-step against @react-three/rapier and @react-three/cannon.

import ts from 'typescript';

/** Names bound by the program's imports, and those from fixed-step's entries. */
export function importedNames(
  source: ts.SourceFile,
  packages: readonly string[] = ['fixed-step'],
): { all: string[]; glue: Set<string> } {
  const all: string[] = [];
  const glue = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause === undefined) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    const clause = statement.importClause;
    const names: string[] = [];
    if (clause.name) names.push(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) names.push(element.name.text);
    }
    all.push(...names);
    if (packages.some((p) => from === p || from.startsWith(`${p}/`)))
      names.forEach((n) => glue.add(n));
  }
  return { all, glue };
}

function mentions(node: ts.Node, names: ReadonlySet<string>): boolean {
  if (ts.isIdentifier(node) && names.has(node.text)) return true;
  return ts.forEachChild(node, (child) => mentions(child, names) || undefined) ?? false;
}

function isStatement(node: ts.Node): node is ts.Statement {
  return ts.isStatement(node) && !ts.isBlock(node);
}

/**
 * The glue: statements that mention the packages' imports (fixed-step's by default) or a variable made from them (the
 * front door), innermost only (an arrow's statements count, the call that hands it over does
 * not), imports included.
 */
export function glueStatements(
  code: string,
  packages: readonly string[] = ['fixed-step'],
  file = 'main.ts',
): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.ES2022, true);
  const names = new Set(importedNames(source, packages).glue);
  source.forEachChild(function declare(node): void {
    if (ts.isVariableDeclaration(node) && node.initializer && mentions(node.initializer, names)) {
      if (ts.isIdentifier(node.name)) names.add(node.name.text);
    }
    node.forEachChild(declare);
  });
  const found: string[] = [];
  const visit = (node: ts.Node): boolean => {
    let inner = false;
    node.forEachChild((child) => {
      inner = visit(child) || inner;
    });
    if (!inner && isStatement(node) && mentions(node, names)) {
      found.push(node.getText(source).split('\n')[0] ?? '');
      return true;
    }
    return inner;
  };
  visit(source);
  return found;
}
