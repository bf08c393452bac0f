import { describe } from './bounded.js';
import { Parameter, type ParameterOptions } from './parameter.js';
import { recording } from './recording.js';
import { displayText } from '../text.js';

interface StringOptions extends ParameterOptions {
  /** Longest accepted value from a surface, in UTF-16 code units. Default 1024. */
  readonly maxLength?: number;
}

/** Free text (LX's StringParameter): labels, selectors, tags. */
export class StringParameter extends Parameter {
  readonly kind = 'string' as const;
  readonly maxLength: number;
  private text: string;
  private readonly defaultText: string;

  constructor(label: string, value = '', options: StringOptions = {}) {
    super(label, options);
    this.text = value;
    this.defaultText = value;
    this.maxLength = options.maxLength ?? 1024;
  }

  getString(): string {
    return this.text;
  }

  setString(value: string): void {
    if (value === this.text) return;
    const r = recording.current;
    if (r !== null) r.changing(this, this.text);
    this.text = value;
    this.notify();
  }

  get value(): string {
    return this.text;
  }

  get baseValue(): string {
    return this.text;
  }

  accept(input: unknown): string {
    if (typeof input !== 'string') this.reject(`takes a string; got ${describe(input)}`);
    if (input.length > this.maxLength) this.reject(`takes at most ${this.maxLength} characters; got ${input.length}`);
    return displayText(input, (reason) => this.reject(reason));
  }

  setBase(value: number | string | boolean): void {
    this.setString(String(value));
  }

  save(): unknown {
    return this.text;
  }

  load(json: unknown): void {
    if (typeof json === 'string') this.setString(json);
    else if (json === null) this.setString('');
  }

  reset(): void {
    this.setString(this.defaultText);
  }
}
