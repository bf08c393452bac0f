import { BooleanParameter, type BooleanOptions } from './boolean.js';

/**
 * A momentary action (LX's TriggerParameter): firing it runs its listeners with the value true
 * and resets it to false at once. Surfaces fire it (`fire_trigger`); it cannot be set.
 */
export class TriggerParameter extends BooleanParameter {
  override readonly kind = 'trigger' as const;

  constructor(label: string, options: BooleanOptions = {}) {
    super(label, false, { ...options, mode: 'momentary' });
  }

  /** Fires the trigger: listeners see true, then the value returns to false. */
  fire(): void {
    this.base = 1;
    this.notify();
    this.base = 0;
  }

  override setValue(v: number): void {
    if (v > 0) this.fire();
  }

  override accept(_input: unknown): boolean {
    return this.reject('is a trigger: fire it with fire_trigger instead of setting a value');
  }

  override save(): unknown {
    return false;
  }

  override load(_json: unknown): void {
    // Triggers are saved as false and never fire on load.
  }
}
