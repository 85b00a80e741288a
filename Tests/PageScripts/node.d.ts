// The little of node's own modules the page scripts' tests use, typed for tsc (Debian has
// no @types/node, and nothing may come from npm).
declare module "node:test" {
  /** Runs `body` as a test named `name` (node's test runner). */
  export function test(name: string, body: () => void | Promise<void>): Promise<void>;
}

declare module "node:assert/strict" {
  interface StrictAssert {
    equal(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    throws(body: () => unknown, expected: Error | RegExp, message?: string): void;
    ok(value: unknown, message?: string): void;
  }
  const assert: StrictAssert;
  export = assert;
}
