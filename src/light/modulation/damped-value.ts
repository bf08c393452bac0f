/**
 * A value that follows a target with a top speed and an optional acceleration (LX's
 * DampedParameter): it speeds up at `accel` units/s² up to `velocity` units/s, and brakes in
 * time to stop on the target (it decelerates once the stopping distance v²/2a reaches the
 * remaining distance). With no acceleration it moves at constant speed. It never overshoots.
 */
export class DampedValue {
  value: number;
  private speed = 0;

  constructor(value = 0) {
    this.value = value;
  }

  /** Jumps to `v` at rest. */
  set(v: number): void {
    this.value = v;
    this.speed = 0;
  }

  /** Advances by `deltaMs` toward `target` (velocity in units/s, accel in units/s², 0 = none). */
  step(deltaMs: number, target: number, velocity: number, accel: number): number {
    const dt = deltaMs / 1000;
    const distance = target - this.value;
    if (distance === 0) {
      this.speed = 0;
      return this.value;
    }
    const dir = distance > 0 ? 1 : -1;
    const remaining = Math.abs(distance);
    let v: number;
    if (accel > 0) {
      // Speed along the direction of travel; a reversal starts from rest.
      let s = this.speed * dir;
      if (s < 0) s = 0;
      const stopping = (s * s) / (2 * accel);
      s = stopping >= remaining ? Math.max(0, s - accel * dt) : Math.min(velocity, s + accel * dt);
      v = s;
    } else {
      v = velocity;
    }
    const move = v * dt;
    if (move >= remaining) {
      this.value = target;
      this.speed = 0;
    } else {
      this.value += dir * move;
      this.speed = dir * v;
    }
    return this.value;
  }
}
