import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { Modulator } from '../modulator.js';

/**
 * LX's Spring: a damped spring following `position`. Each frame, with t = Δt in seconds:
 * a = −100·tension·(x − position) − 10·friction·v; x += t(v + ½at); v += at. Hitting 0 or 1
 * clamps x and reflects v scaled by −bounce.
 */
export class Spring extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'velocity'];
  }

  readonly lxClass = 'heronarts.lx.modulator.Spring';
  readonly position = new BoundedParameter('Position', 0, { modulatable: true, units: 'percentNormalized', description: 'Where the spring pulls toward' });
  readonly tension = new BoundedParameter('Tension', 0.5, { modulatable: true, units: 'percentNormalized', description: 'Stiffness of the spring' });
  readonly friction = new BoundedParameter('Friction', 0.5, { modulatable: true, units: 'percentNormalized', description: 'Damping of the motion' });
  readonly bounce = new BoundedParameter('Bounce', 0.5, {
    modulatable: true,
    units: 'percentNormalized',
    description: 'How much speed survives hitting 0 or 1',
  });
  private velocity = 0;

  constructor(label = 'Spring') {
    super(label);
    this.addParameter('position', this.position);
    this.addParameter('tension', this.tension);
    this.addParameter('friction', this.friction);
    this.addParameter('bounce', this.bounce);
  }

  protected computeValue(deltaMs: number): number {
    const t = deltaMs / 1000;
    let x = this.value;
    const distance = x - this.position.getValue();
    const tension = this.tension.getValue() * 100;
    const friction = this.friction.getValue() * 10;
    const accel = -tension * distance - friction * this.velocity;
    x += t * (this.velocity + 0.5 * accel * t);
    this.velocity += accel * t;
    if (x < 0 || x > 1) {
      x = x < 0 ? 0 : 1;
      this.velocity = -this.velocity * this.bounce.getValue();
    }
    return x;
  }
}
