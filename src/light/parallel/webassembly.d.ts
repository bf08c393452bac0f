// The part of the WebAssembly JavaScript API Footlight uses (Node has it; @types/node for Node 20
// does not declare it without the DOM library).
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, unknown>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
  }
}
