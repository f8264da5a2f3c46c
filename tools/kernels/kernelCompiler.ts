// Compiles the physics kernels — plain TypeScript functions over typed arrays and numbers — into
// WebAssembly text, one IEEE operation for each of the source's, in the source's order, so the
// module gives the TypeScript's bits. `npm run build:kernel` runs it; the functions themselves
// stay the code wherever WebAssembly is refused.

import ts from 'typescript';

/**
 * The subset: functions whose parameters are typed `number` (a double), `int` (an integer index),
 * `boolean`, `Float64Array`, `Int32Array` or `Uint8Array`, returning `void`, `number`, `int` or
 * `boolean`; locals, arithmetic, comparisons, `&&`, `||`, `!`, ternaries, typed-array reads and
 * writes, `if`, `for`, `while`, `break`, `continue`, `return`, calls to the other kernel
 * functions and to Math.sqrt, Math.abs and Math.imul. Anything else is an error naming the line.
 *
 * Types: a literal with a point or an exponent is a double, any other is an integer; an integer
 * meets a double as a double (exact: the integers here are indices, far below 2^53); `/` is a
 * double's; a local takes its initializer's type, or its annotation's.
 */
type Scalar = 'f64' | 'i32' | 'bool';
type ArrayKind = 'f64[]' | 'i32[]' | 'u8[]';
type Type = Scalar | ArrayKind | 'void';

interface Compiled {
  code: string;
  type: Type;
  /** The constant's value, where the expression is one (folded into addresses and literals). */
  constant?: number;
}

interface Local {
  wasm: string;
  type: Type;
}

interface Signature {
  params: Type[];
  result: Type;
}

/** What one kernel module is made of: its sources, the functions it exports, the constants it reads. */
export interface KernelModule {
  /** TypeScript sources holding the kernel functions (every function in them is compiled). */
  sources: readonly { path: string; text: string }[];
  /** Functions the module exports, by name. */
  exports: readonly string[];
  /** Numbers the functions may name besides their own module-level consts (imported constants). */
  constants: Readonly<Record<string, number>>;
}

const ARRAY_TYPES: Record<string, ArrayKind> = {
  Float64Array: 'f64[]',
  Int32Array: 'i32[]',
  Uint8Array: 'u8[]',
};
const SCALAR_TYPES: Record<string, Scalar | 'void'> = {
  number: 'f64',
  int: 'i32',
  boolean: 'bool',
  void: 'void',
};
const ELEMENT_BYTES: Record<ArrayKind, number> = { 'f64[]': 8, 'i32[]': 4, 'u8[]': 1 };
const SHIFT: Record<ArrayKind, number> = { 'f64[]': 3, 'i32[]': 2, 'u8[]': 0 };

class KernelError extends Error {}

function fail(node: ts.Node, message: string): never {
  const source = node.getSourceFile();
  const { line } = source.getLineAndCharacterOfPosition(node.getStart());
  throw new KernelError(
    `${source.fileName}:${line + 1}: ${message} (${node.getText().slice(0, 80)})`,
  );
}

function wasmType(type: Type): 'f64' | 'i32' {
  return type === 'f64' ? 'f64' : 'i32';
}

function isArray(type: Type): type is ArrayKind {
  return type === 'f64[]' || type === 'i32[]' || type === 'u8[]';
}

/** A double literal in WebAssembly text that reads back as exactly `value`. */
function f64Literal(value: number): string {
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (Object.is(value, -0)) return '-0x0p+0';
  // Hexadecimal floats are exact; wabt reads them bit for bit.
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign = hi >>> 31 ? '-' : '';
  const exponent = (hi >>> 20) & 0x7ff;
  const mantissa = ((BigInt(hi & 0xfffff) << 32n) | BigInt(lo)).toString(16).padStart(13, '0');
  if (exponent === 0) return `${sign}0x0.${mantissa}p-1022`;
  return `${sign}0x1.${mantissa}p${exponent - 1023}`;
}

function typeOfAnnotation(node: ts.TypeNode | undefined, where: ts.Node): Type {
  if (!node) return fail(where, 'a kernel parameter or result needs a type');
  const text = node.getText();
  const type = ARRAY_TYPES[text] ?? SCALAR_TYPES[text];
  if (!type) return fail(node, `type ${text} is not a kernel type`);
  return type;
}

/** Compiles one function's body into WebAssembly text. */
class FunctionCompiler {
  private readonly locals: Local[] = [];
  private scopes: Map<string, Local>[] = [];
  /** Labels of the enclosing loops: [break, continue]. */
  private readonly loops: [string, string][] = [];
  private labels = 0;
  private readonly result: Type;

  constructor(
    private readonly fn: ts.FunctionDeclaration,
    private readonly signatures: ReadonlyMap<string, Signature>,
    private readonly constants: ReadonlyMap<string, number>,
  ) {
    this.result = typeOfAnnotation(fn.type, fn);
  }

  compile(exported: boolean): string {
    const fn = this.fn;
    const name = fn.name?.text ?? fail(fn, 'a kernel function needs a name');
    const params = new Map<string, Local>();
    const paramText: string[] = [];
    for (const p of fn.parameters) {
      if (!ts.isIdentifier(p.name)) fail(p, 'parameters are plain names');
      const type = typeOfAnnotation(p.type, p);
      const local = { wasm: `$${p.name.text}`, type };
      params.set(p.name.text, local);
      paramText.push(`(param ${local.wasm} ${wasmType(type)})`);
    }
    this.scopes = [params];
    const body = fn.body ?? fail(fn, 'a kernel function needs a body');
    const code = this.block(body.statements);
    const resultText = this.result === 'void' ? '' : `(result ${wasmType(this.result)})`;
    const localText = this.locals.map((l) => `(local ${l.wasm} ${wasmType(l.type)})`).join(' ');
    // A function with a result ends in `unreachable`: every path returns before it.
    const tail = this.result === 'void' ? '' : '\n  unreachable';
    const exportText = exported ? ` (export "${name}")` : '';
    return `(func $${name}${exportText} ${paramText.join(' ')} ${resultText}\n  ${localText}\n${code}${tail})`;
  }

  private lookup(name: string): Local | undefined {
    for (let s = this.scopes.length - 1; s >= 0; s--) {
      const local = this.scopes[s].get(name);
      if (local) return local;
    }
    return undefined;
  }

  private declare(name: string, type: Type, node: ts.Node): Local {
    if (isArray(type) || type === 'void') fail(node, 'locals hold numbers or booleans');
    const local = { wasm: `$${name}_${this.locals.length}`, type };
    this.locals.push(local);
    const scope = this.scopes[this.scopes.length - 1];
    if (scope.has(name)) fail(node, `${name} is declared twice in one block`);
    scope.set(name, local);
    return local;
  }

  private block(statements: ts.NodeArray<ts.Statement> | readonly ts.Statement[]): string {
    this.scopes.push(new Map());
    const code = statements.map((s) => this.statement(s)).join('\n');
    this.scopes.pop();
    return code;
  }

  private statement(node: ts.Statement): string {
    if (ts.isBlock(node)) return this.block(node.statements);
    if (ts.isVariableStatement(node)) return this.declarations(node.declarationList);
    if (ts.isExpressionStatement(node)) return this.effect(node.expression);
    if (ts.isIfStatement(node)) {
      const condition = this.condition(node.expression);
      const then = this.statement(node.thenStatement);
      const otherwise = node.elseStatement ? `(else\n${this.statement(node.elseStatement)})` : '';
      return `(if ${condition} (then\n${then})${otherwise})`;
    }
    if (ts.isForStatement(node)) return this.forLoop(node);
    if (ts.isWhileStatement(node)) {
      const [out, top] = this.newLoop();
      const body = this.statement(node.statement);
      this.loops.pop();
      return `(block ${out} (loop ${top}\n(br_if ${out} (i32.eqz ${this.condition(node.expression)}))\n${body}\n(br ${top})))`;
    }
    if (ts.isBreakStatement(node) || ts.isContinueStatement(node)) {
      if (node.label) fail(node, 'labels are not kernel statements');
      const loop = this.loops[this.loops.length - 1] ?? fail(node, 'outside a loop');
      return `(br ${ts.isBreakStatement(node) ? loop[0] : loop[1]})`;
    }
    if (ts.isReturnStatement(node)) {
      if (!node.expression) return '(return)';
      if (this.result === 'void') fail(node, 'a void kernel returns nothing');
      return `(return ${this.coerce(this.expression(node.expression), this.result, node)})`;
    }
    if (ts.isEmptyStatement(node)) return '';
    return fail(node, `${ts.SyntaxKind[node.kind]} is not a kernel statement`);
  }

  private newLoop(): [string, string] {
    const n = this.labels++;
    const labels: [string, string] = [`$out${n}`, `$next${n}`];
    this.loops.push(labels);
    return labels;
  }

  /** `for (init; test; update) body`: continue runs the update, as in JavaScript. */
  private forLoop(node: ts.ForStatement): string {
    this.scopes.push(new Map());
    let init = '';
    if (node.initializer) {
      init = ts.isVariableDeclarationList(node.initializer)
        ? this.declarations(node.initializer)
        : this.effect(node.initializer);
    }
    const n = this.labels++;
    const out = `$out${n}`;
    const top = `$top${n}`;
    const next = `$next${n}`;
    this.loops.push([out, next]);
    const body = this.statement(node.statement);
    this.loops.pop();
    const test = node.condition ? `(br_if ${out} (i32.eqz ${this.condition(node.condition)}))` : '';
    const update = node.incrementor ? this.effect(node.incrementor) : '';
    this.scopes.pop();
    return `${init}\n(block ${out} (loop ${top}\n${test}\n(block ${next}\n${body})\n${update}\n(br ${top})))`;
  }

  private declarations(list: ts.VariableDeclarationList): string {
    const code: string[] = [];
    for (const d of list.declarations) {
      if (!ts.isIdentifier(d.name)) fail(d, 'no destructuring in kernels');
      const value = d.initializer ? this.expression(d.initializer) : undefined;
      const type = d.type ? typeOfAnnotation(d.type, d) : (value?.type ?? fail(d, 'needs a type'));
      const local = this.declare(d.name.text, type, d);
      if (value) code.push(`(local.set ${local.wasm} ${this.coerce(value, type, d)})`);
    }
    return code.join('\n');
  }

  /** An expression evaluated for its effect: an assignment, ++/--, or a call. */
  private effect(node: ts.Expression): string {
    if (ts.isParenthesizedExpression(node)) return this.effect(node.expression);
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (op === ts.SyntaxKind.CommaToken) {
        return `${this.effect(node.left)}\n${this.effect(node.right)}`;
      }
      const compound = COMPOUND[op];
      if (op === ts.SyntaxKind.EqualsToken) return this.assign(node.left, node.right, undefined);
      if (compound) return this.assign(node.left, node.right, compound);
    }
    if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken ||
        node.operator === ts.SyntaxKind.MinusMinusToken)
    ) {
      const one = ts.factory.createNumericLiteral(1);
      const op = node.operator === ts.SyntaxKind.PlusPlusToken ? '+' : '-';
      return this.assignValue(
        node.operand,
        this.binary(
          op,
          this.expression(node.operand),
          {
            code: '(i32.const 1)',
            type: 'i32',
            constant: 1,
          },
          one,
        ),
        node,
      );
    }
    if (ts.isCallExpression(node)) {
      const call = this.call(node);
      return call.type === 'void' ? call.code : `(drop ${call.code})`;
    }
    return fail(node, 'not a kernel statement');
  }

  private assign(target: ts.Expression, value: ts.Expression, op: string | undefined): string {
    const right = this.expression(value);
    const result =
      op === undefined ? right : this.binary(op, this.expression(target), right, value);
    return this.assignValue(target, result, value);
  }

  private assignValue(target: ts.Expression, value: Compiled, node: ts.Node): string {
    if (ts.isIdentifier(target)) {
      const local = this.lookup(target.text) ?? fail(target, `${target.text} is not a local`);
      if (isArray(local.type)) fail(target, 'arrays are not reassigned in kernels');
      return `(local.set ${local.wasm} ${this.coerce(value, local.type, node)})`;
    }
    if (ts.isElementAccessExpression(target)) {
      const { array, address, offset } = this.element(target);
      const store = { 'f64[]': 'f64.store', 'i32[]': 'i32.store', 'u8[]': 'i32.store8' }[array];
      const element = array === 'f64[]' ? 'f64' : 'i32';
      return `(${store} offset=${offset} ${address} ${this.coerce(value, element, node)})`;
    }
    return fail(target, 'assigns to a local or an array element only');
  }

  /** An array element's address: the array's base plus the index's bytes, constants folded. */
  private element(node: ts.ElementAccessExpression): {
    array: ArrayKind;
    address: string;
    offset: number;
  } {
    if (!ts.isIdentifier(node.expression)) fail(node, 'index a named array');
    const local = this.lookup(node.expression.text);
    if (!local || !isArray(local.type))
      return fail(node, `${node.expression.text} is not an array`);
    const bytes = ELEMENT_BYTES[local.type];
    // index = rest + constant: the constant's bytes go into the instruction's offset.
    let rest: ts.Expression | undefined = node.argumentExpression;
    let constant = 0;
    const folded = this.constantOf(rest);
    if (folded !== undefined) {
      constant = folded;
      rest = undefined;
    } else if (
      ts.isBinaryExpression(rest) &&
      rest.operatorToken.kind === ts.SyntaxKind.PlusToken &&
      this.constantOf(rest.right) !== undefined
    ) {
      constant = this.constantOf(rest.right) ?? 0;
      rest = rest.left;
    }
    if (constant < 0 || !Number.isInteger(constant)) {
      rest = node.argumentExpression;
      constant = 0;
    }
    let address = `(local.get ${local.wasm})`;
    if (rest !== undefined) {
      const index = this.coerce(this.expression(rest), 'i32', rest);
      const scaled =
        SHIFT[local.type] === 0 ? index : `(i32.shl ${index} (i32.const ${SHIFT[local.type]}))`;
      address = `(i32.add ${address} ${scaled})`;
    }
    return { array: local.type, address, offset: constant * bytes };
  }

  private constantOf(node: ts.Expression): number | undefined {
    return foldConstant(node, this.constants, (name) => this.lookup(name) !== undefined);
  }

  private condition(node: ts.Expression): string {
    const value = this.expression(node);
    if (value.type !== 'bool') fail(node, 'a condition is a comparison or a boolean');
    return value.code;
  }

  private coerce(value: Compiled, type: Type, node: ts.Node): string {
    if (value.type === type) return value.code;
    if (value.type === 'i32' && type === 'f64') {
      return value.constant !== undefined
        ? `(f64.const ${f64Literal(value.constant)})`
        : `(f64.convert_i32_s ${value.code})`;
    }
    return fail(node, `a ${value.type} where a ${type} is wanted`);
  }

  expression(node: ts.Expression): Compiled {
    if (ts.isParenthesizedExpression(node)) return this.expression(node.expression);
    if (ts.isNumericLiteral(node)) return this.literal(node.getText(), node);
    if (node.kind === ts.SyntaxKind.TrueKeyword) return { code: '(i32.const 1)', type: 'bool' };
    if (node.kind === ts.SyntaxKind.FalseKeyword) return { code: '(i32.const 0)', type: 'bool' };
    if (ts.isIdentifier(node)) {
      const local = this.lookup(node.text);
      if (local) return { code: `(local.get ${local.wasm})`, type: local.type };
      if (node.text === 'Infinity') return { code: '(f64.const inf)', type: 'f64' };
      const value = this.constants.get(node.text);
      if (value === undefined) return fail(node, `${node.text} is not a local or a known constant`);
      return this.constantValue(value);
    }
    if (ts.isElementAccessExpression(node)) {
      const { array, address, offset } = this.element(node);
      const load = { 'f64[]': 'f64.load', 'i32[]': 'i32.load', 'u8[]': 'i32.load8_u' }[array];
      return {
        code: `(${load} offset=${offset} ${address})`,
        type: array === 'f64[]' ? 'f64' : 'i32',
      };
    }
    if (ts.isPrefixUnaryExpression(node)) return this.unary(node);
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.getText();
      if (op === '&&' || op === '||') {
        const a = this.condition(node.left);
        const b = this.condition(node.right);
        return op === '&&'
          ? { code: `(if (result i32) ${a} (then ${b}) (else (i32.const 0)))`, type: 'bool' }
          : { code: `(if (result i32) ${a} (then (i32.const 1)) (else ${b}))`, type: 'bool' };
      }
      const constant = this.constantOf(node);
      if (constant !== undefined && (op === '+' || op === '-' || op === '*')) {
        const left = this.expression(node.left);
        const right = this.expression(node.right);
        if (left.type === 'i32' && right.type === 'i32') return this.constantValue(constant);
      }
      return this.binary(op, this.expression(node.left), this.expression(node.right), node);
    }
    if (ts.isConditionalExpression(node)) {
      const test = this.condition(node.condition);
      const a = this.expression(node.whenTrue);
      const b = this.expression(node.whenFalse);
      const type = a.type === 'f64' || b.type === 'f64' ? 'f64' : a.type;
      return {
        code: `(if (result ${wasmType(type)}) ${test} (then ${this.coerce(a, type, node)}) (else ${this.coerce(b, type, node)}))`,
        type,
      };
    }
    if (ts.isCallExpression(node)) return this.call(node);
    return fail(node, `${ts.SyntaxKind[node.kind]} is not a kernel expression`);
  }

  private literal(text: string, node: ts.Node): Compiled {
    const value = Number(text);
    if (/[.eE]/.test(text) || !Number.isSafeInteger(value) || Math.abs(value) >= 2 ** 31) {
      return { code: `(f64.const ${f64Literal(value)})`, type: 'f64' };
    }
    if (Number.isNaN(value)) fail(node, 'not a number');
    return { code: `(i32.const ${value})`, type: 'i32', constant: value };
  }

  private constantValue(value: number): Compiled {
    if (Number.isInteger(value) && Math.abs(value) < 2 ** 31 && !Object.is(value, -0)) {
      return { code: `(i32.const ${value})`, type: 'i32', constant: value };
    }
    return { code: `(f64.const ${f64Literal(value)})`, type: 'f64' };
  }

  private unary(node: ts.PrefixUnaryExpression): Compiled {
    const operand = this.expression(node.operand);
    switch (node.operator) {
      case ts.SyntaxKind.MinusToken:
        // −0 is a double in JavaScript (an integer constant otherwise stays one).
        if (operand.constant === 0) return { code: `(f64.const ${f64Literal(-0)})`, type: 'f64' };
        if (operand.constant !== undefined) return this.constantValue(-operand.constant);
        // −0 is a double in JavaScript: an integer's negation is not an integer there.
        if (operand.type !== 'f64') return fail(node, 'negate doubles only (write 0 - i)');
        return { code: `(f64.neg ${operand.code})`, type: 'f64' };
      case ts.SyntaxKind.ExclamationToken:
        if (operand.type !== 'bool') return fail(node, '! takes a boolean');
        return { code: `(i32.eqz ${operand.code})`, type: 'bool' };
      case ts.SyntaxKind.PlusToken:
        return operand;
      default:
        return fail(node, 'not a kernel operator');
    }
  }

  binary(op: string, a: Compiled, b: Compiled, node: ts.Node): Compiled {
    const ints = a.type === 'i32' && b.type === 'i32';
    const numbers =
      (a.type === 'i32' || a.type === 'f64') && (b.type === 'i32' || b.type === 'f64');
    if (!numbers) {
      if ((op === '===' || op === '!==') && a.type === 'bool' && b.type === 'bool') {
        return { code: `(i32.${op === '===' ? 'eq' : 'ne'} ${a.code} ${b.code})`, type: 'bool' };
      }
      return fail(node, `${op} takes numbers`);
    }
    const f = (x: Compiled) => this.coerce(x, 'f64', node);
    const arithmetic: Record<string, [string, string]> = {
      '+': ['i32.add', 'f64.add'],
      '-': ['i32.sub', 'f64.sub'],
      '*': ['i32.mul', 'f64.mul'],
    };
    const comparison: Record<string, [string, string]> = {
      '<': ['i32.lt_s', 'f64.lt'],
      '<=': ['i32.le_s', 'f64.le'],
      '>': ['i32.gt_s', 'f64.gt'],
      '>=': ['i32.ge_s', 'f64.ge'],
      '===': ['i32.eq', 'f64.eq'],
      '!==': ['i32.ne', 'f64.ne'],
    };
    const bitwise: Record<string, string> = {
      '&': 'i32.and',
      '|': 'i32.or',
      '^': 'i32.xor',
      '<<': 'i32.shl',
      '>>': 'i32.shr_s',
      '%': 'i32.rem_s',
    };
    if (arithmetic[op]) {
      const [i, d] = arithmetic[op];
      return ints
        ? { code: `(${i} ${a.code} ${b.code})`, type: 'i32' }
        : { code: `(${d} ${f(a)} ${f(b)})`, type: 'f64' };
    }
    if (op === '/') return { code: `(f64.div ${f(a)} ${f(b)})`, type: 'f64' };
    if (comparison[op]) {
      const [i, d] = comparison[op];
      return ints
        ? { code: `(${i} ${a.code} ${b.code})`, type: 'bool' }
        : { code: `(${d} ${f(a)} ${f(b)})`, type: 'bool' };
    }
    if (bitwise[op]) {
      if (!ints) return fail(node, `${op} takes integers`);
      return { code: `(${bitwise[op]} ${a.code} ${b.code})`, type: 'i32' };
    }
    return fail(node, `${op} is not a kernel operator`);
  }

  private call(node: ts.CallExpression): Compiled {
    const callee = node.expression;
    const args = node.arguments;
    if (ts.isPropertyAccessExpression(callee) && callee.expression.getText() === 'Math') {
      const name = callee.name.text;
      const values = args.map((a) => this.expression(a));
      if ((name === 'sqrt' || name === 'abs') && values.length === 1) {
        return { code: `(f64.${name} ${this.coerce(values[0], 'f64', node)})`, type: 'f64' };
      }
      if (name === 'imul' && values.length === 2 && values.every((v) => v.type === 'i32')) {
        return { code: `(i32.mul ${values[0].code} ${values[1].code})`, type: 'i32' };
      }
      return fail(node, `Math.${name} is not a kernel call`);
    }
    if (!ts.isIdentifier(callee)) return fail(node, 'calls name a kernel function');
    const signature =
      this.signatures.get(callee.text) ?? fail(node, `${callee.text} is not a kernel`);
    if (signature.params.length !== args.length) fail(node, 'wrong number of arguments');
    const code = args.map((arg, k) => {
      const want = signature.params[k];
      if (isArray(want)) {
        if (!ts.isIdentifier(arg)) return fail(arg, 'pass arrays by name');
        const local = this.lookup(arg.text);
        if (!local || local.type !== want) return fail(arg, `not a ${want}`);
        return `(local.get ${local.wasm})`;
      }
      return this.coerce(this.expression(arg), want, arg);
    });
    return { code: `(call $${callee.text} ${code.join(' ')})`, type: signature.result };
  }
}

const COMPOUND: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.PlusEqualsToken]: '+',
  [ts.SyntaxKind.MinusEqualsToken]: '-',
  [ts.SyntaxKind.AsteriskEqualsToken]: '*',
  [ts.SyntaxKind.SlashEqualsToken]: '/',
  [ts.SyntaxKind.BarEqualsToken]: '|',
  [ts.SyntaxKind.AmpersandEqualsToken]: '&',
};

/** The module-level `const NAME = <constant expression>` of a source, folded over `known`. */
function moduleConstants(source: ts.SourceFile, known: Map<string, number>): void {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || !d.initializer) continue;
      const value = foldConstant(d.initializer, known);
      if (value !== undefined) known.set(d.name.text, value);
    }
  }
}

/**
 * The value of a constant expression — literals and names in `known` (unless `isLocal` says a
 * local hides the name) under unary minus, +, −, × and << — or undefined.
 */
function foldConstant(
  node: ts.Expression,
  known: ReadonlyMap<string, number>,
  isLocal: (name: string) => boolean = () => false,
): number | undefined {
  const fold = (n: ts.Expression): number | undefined => foldConstant(n, known, isLocal);
  if (ts.isParenthesizedExpression(node)) return fold(node.expression);
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isIdentifier(node)) return isLocal(node.text) ? undefined : known.get(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const v = fold(node.operand);
    return v === undefined ? undefined : -v;
  }
  if (ts.isBinaryExpression(node)) {
    const a = fold(node.left);
    const b = fold(node.right);
    if (a === undefined || b === undefined) return undefined;
    switch (node.operatorToken.kind) {
      case ts.SyntaxKind.PlusToken:
        return a + b;
      case ts.SyntaxKind.MinusToken:
        return a - b;
      case ts.SyntaxKind.AsteriskToken:
        return a * b;
      case ts.SyntaxKind.LessThanLessThanToken:
        return a << b;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** The WebAssembly text of `module`: every function of its sources, the named ones exported. */
export function kernelText(module: KernelModule): string {
  const functions: ts.FunctionDeclaration[] = [];
  /** Each function's constants: the imported ones and its own source's module-level ones. */
  const constantsOf = new Map<ts.FunctionDeclaration, Map<string, number>>();
  for (const { path, text } of module.sources) {
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const constants = new Map(Object.entries(module.constants));
    moduleConstants(source, constants);
    for (const statement of source.statements) {
      if (!ts.isFunctionDeclaration(statement)) continue;
      functions.push(statement);
      constantsOf.set(statement, constants);
    }
  }
  const signatures = new Map<string, Signature>();
  for (const fn of functions) {
    const name = fn.name?.text ?? fail(fn, 'a kernel function needs a name');
    signatures.set(name, {
      params: fn.parameters.map((p) => typeOfAnnotation(p.type, p)),
      result: typeOfAnnotation(fn.type, fn),
    });
  }
  for (const name of module.exports) {
    if (!signatures.has(name)) throw new KernelError(`no kernel function ${name} to export`);
  }
  const bodies = functions.map((fn) =>
    new FunctionCompiler(fn, signatures, constantsOf.get(fn) ?? new Map()).compile(
      module.exports.includes(fn.name?.text ?? ''),
    ),
  );
  return `(module\n (import "env" "memory" (memory 1))\n${bodies.join('\n')}\n)\n`;
}
