// The 3D preview: the model's points as three.js Points with per-vertex colors, filled from the
// binary frames the server streams. Loaded on demand (its own chunk). It renders only when a
// new frame arrives or the view moves, so an idle preview costs nothing.
import {
  AdditiveBlending,
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Color,
  ConeGeometry,
  DataTexture,
  DoubleSide,
  Group,
  LinearFilter,
  LinearSRGBColorSpace,
  Mesh,
  MeshBasicMaterial,
  NormalBlending,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { BeamView, PreviewSink } from './store.js';

/** A cone one unit long and one unit wide at its end, its tip at the origin, opening along −y. */
function unitCone(): ConeGeometry {
  const g = new ConeGeometry(1, 1, 24, 1, true);
  g.translate(0, -0.5, 0);
  return g;
}

const DOWN = new Vector3(0, -1, 0);
/** Opacity of a cone at full intensity: translucent, so points and other beams show through. */
const CONE_OPACITY = 0.35;

export type ViewPreset = 'front' | 'top' | 'side' | 'perspective';

interface Vec3Like {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A named camera's pose, as list_cameras gives it. */
export interface CameraPose {
  readonly position: Vec3Like;
  readonly target: Vec3Like;
  readonly up: Vec3Like;
  readonly fov: number;
}

type Easing = 'linear' | 'ease-in' | 'ease-out' | 'ease-in-out';

/** The show's point style, as get_point_style gives it (src/light/show/point-style.ts). */
export interface PointStyleView {
  readonly size: number | 'auto';
  readonly led: 'disc' | 'square' | 'glow';
  readonly gamma: number;
}

const DEFAULT_STYLE: PointStyleView = { size: 'auto', led: 'disc', gamma: 1 };
const SPRITE_PX = 64;

/**
 * A point sprite: a disc (opaque inside, cut by the alpha test outside) or a glow (white, its alpha
 * falling as (1 − (r/R)²)² toward the edge, as get_frame draws it), for PointsMaterial's map.
 */
function sprite(led: 'disc' | 'glow'): DataTexture {
  const data = new Uint8Array(SPRITE_PX * SPRITE_PX * 4);
  for (let y = 0; y < SPRITE_PX; y++)
    for (let x = 0; x < SPRITE_PX; x++) {
      const dx = (x + 0.5) / SPRITE_PX - 0.5,
        dy = (y + 0.5) / SPRITE_PX - 0.5;
      const r2 = (dx * dx + dy * dy) / 0.25;
      const k = (y * SPRITE_PX + x) * 4;
      data[k] = data[k + 1] = data[k + 2] = 255;
      data[k + 3] = led === 'disc' ? (r2 <= 1 ? 255 : 0) : Math.round(255 * Math.max(0, 1 - r2) ** 2);
    }
  const t = new DataTexture(data, SPRITE_PX, SPRITE_PX);
  if (led === 'glow') t.magFilter = t.minFilter = LinearFilter;
  t.needsUpdate = true;
  return t;
}

/** The display gamma's table (byte in, byte shown), as get_frame's; undefined for gamma 1. */
function gammaTable(gamma: number): Uint8Array | undefined {
  if (gamma === 1) return undefined;
  const t = new Uint8Array(256);
  for (let v = 0; v < 256; v++) t[v] = Math.round(255 * (v / 255) ** (1 / gamma));
  return t;
}

/** The same curves as the server's recall (src/light/show/cameras.ts). */
function ease(easing: Easing, t: number): number {
  if (easing === 'ease-in') return t * t * t;
  if (easing === 'ease-out') return 1 - (1 - t) ** 3;
  if (easing === 'ease-in-out') return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
  return t;
}

interface Flight {
  readonly from: { position: Vector3; target: Vector3; up: Vector3; fov: number };
  readonly to: { position: Vector3; target: Vector3; up: Vector3; fov: number };
  readonly startMs: number;
  readonly durationMs: number;
  readonly easing: Easing;
}

export interface PreviewStats {
  /** Frames drawn since the preview started. */
  rendered: number;
  /** Frames drawn that carried a new LED frame. */
  framesShown: number;
  /** Draws in the last full second. */
  fps: number;
  points: number;
}

export class Preview implements PreviewSink {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(45, 1, 0.01, 1e6);
  private readonly controls: OrbitControls;
  private readonly geometry = new BufferGeometry();
  private readonly material = new PointsMaterial({ size: 4, sizeAttenuation: false, vertexColors: true });
  private readonly points = new Points(this.geometry, this.material);
  private positions: Float32Array = new Float32Array(0);
  private colors = new BufferAttribute(new Uint8Array(0), 3, true);
  private generation = -1;
  private center = new Vector3();
  private radius = 1;
  private pending = false;
  private flight: Flight | null = null;
  private newFrame = false;
  private readonly resize: ResizeObserver;
  private secondStart = performance.now();
  private secondCount = 0;
  readonly stats: PreviewStats = { rendered: 0, framesShown: 0, fps: 0, points: 0 };
  /** The last frame's RGB bytes, as received (tests compare it with the engine's frame). */
  lastRgb: Uint8Array = new Uint8Array(0);
  lastFrame = -1;
  /** The beams drawn now, as received (tests read them). */
  lastBeams: readonly BeamView[] = [];
  private readonly beamGroup = new Group();
  private readonly coneGeometry = unitCone();
  private readonly bodyGeometry = new BoxGeometry(1, 1, 1);
  private readonly bodyMaterial = new MeshBasicMaterial({ color: 0x8a8f98 });
  /** The point style drawn now (tests read it). */
  style: PointStyleView = DEFAULT_STYLE;
  private shade: Uint8Array | undefined;
  private autoSize = 5;
  private readonly sprites = { disc: sprite('disc'), glow: sprite('glow') };

  constructor(private readonly host: HTMLElement) {
    this.renderer = new WebGLRenderer({ antialias: false, alpha: false, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    // The frame's bytes are what the LEDs get: draw them as they are, without color management.
    this.renderer.outputColorSpace = LinearSRGBColorSpace;
    this.renderer.setClearColor(new Color(0x07080a));
    host.appendChild(this.renderer.domElement);
    this.renderer.domElement.setAttribute('aria-label', 'Live preview of the light show');
    this.points.frustumCulled = false;
    this.pointStyle(DEFAULT_STYLE);
    this.scene.add(this.points);
    this.scene.add(this.beamGroup);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = false;
    this.controls.addEventListener('change', () => this.request());
    this.resize = new ResizeObserver(() => this.fit());
    this.resize.observe(host);
    this.fit();
  }

  private fit(): void {
    const w = Math.max(1, this.host.clientWidth);
    const h = Math.max(1, this.host.clientHeight);
    this.renderer.setSize(w, h, true);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.request();
  }

  model(generation: number, _stride: number, xyz: Float32Array): void {
    const first = this.generation === -1;
    this.generation = generation;
    this.positions = new Float32Array(xyz);
    const n = this.positions.length / 3;
    this.geometry.setAttribute('position', new BufferAttribute(this.positions, 3));
    this.colors = new BufferAttribute(new Uint8Array(n * 3), 3, true);
    this.geometry.setAttribute('color', this.colors);
    this.geometry.computeBoundingSphere();
    const sphere = this.geometry.boundingSphere;
    this.center.copy(sphere?.center ?? new Vector3());
    this.radius = Math.max(1e-3, sphere?.radius ?? 1);
    this.stats.points = n;
    this.autoSize = n > 50_000 ? 2 : n > 5_000 ? 3 : 5;
    this.material.size = this.style.size === 'auto' ? this.autoSize : this.style.size;
    if (first) this.view('front');
    this.beams(this.lastBeams);
    this.request();
  }

  frame(generation: number, frame: number, rgb: Uint8Array): void {
    if (generation !== this.generation || rgb.length !== this.colors.array.length) return;
    this.lastRgb = rgb;
    this.shadeColors();
    this.lastFrame = frame;
    this.newFrame = true;
    this.request();
  }

  /** Copies the last frame's bytes into the points' colours through the display gamma. */
  private shadeColors(): void {
    const out = this.colors.array as Uint8Array;
    const rgb = this.lastRgb;
    if (rgb.length !== out.length) return;
    const t = this.shade;
    if (t === undefined) out.set(rgb);
    else for (let i = 0; i < rgb.length; i++) out[i] = t[rgb[i]];
    this.colors.needsUpdate = true;
  }

  /**
   * Draws the points in a point style (get_point_style): a size in CSS pixels or "auto" (by the point
   * count), a disc, a square or an additive glow, and the display gamma on the points' and beams' light.
   */
  pointStyle(style: PointStyleView): void {
    this.style = style;
    this.shade = gammaTable(style.gamma);
    const m = this.material;
    m.size = style.size === 'auto' ? this.autoSize : style.size;
    m.map = style.led === 'square' ? null : this.sprites[style.led];
    m.alphaTest = style.led === 'disc' ? 0.5 : 0;
    m.transparent = style.led === 'glow';
    m.blending = style.led === 'glow' ? AdditiveBlending : NormalBlending;
    m.depthWrite = style.led !== 'glow';
    m.needsUpdate = true;
    this.shadeColors();
    this.beams(this.lastBeams);
    this.request();
  }

  /**
   * Stage fixtures: a small body at each origin and a translucent cone along the beam, in its
   * colour, as opaque as it is bright (none at intensity 0), as wide as its beam angle and as
   * long as the model is wide.
   */
  beams(beams: readonly BeamView[]): void {
    this.lastBeams = beams;
    for (const m of this.beamGroup.children) if (m instanceof Mesh && m.material !== this.bodyMaterial) (m.material as MeshBasicMaterial).dispose();
    this.beamGroup.clear();
    const length = this.radius * 1.5;
    const body = Math.max(1e-3, this.radius * 0.04);
    const shown = (c: number): number => Math.max(0, c) ** (1 / this.style.gamma);
    for (const b of beams) {
      const origin = new Vector3(...b.origin);
      const box = new Mesh(this.bodyGeometry, this.bodyMaterial);
      box.position.copy(origin);
      box.scale.setScalar(body);
      this.beamGroup.add(box);
      if (b.intensity <= 0) continue;
      const material = new MeshBasicMaterial({
        color: new Color(shown(b.color[0]), shown(b.color[1]), shown(b.color[2])),
        transparent: true,
        opacity: CONE_OPACITY * b.intensity,
        blending: AdditiveBlending,
        depthWrite: false,
        side: DoubleSide,
      });
      const cone = new Mesh(this.coneGeometry, material);
      const wide = length * Math.tan((Math.min(170, Math.max(0.5, b.beamAngle)) * Math.PI) / 360);
      cone.position.copy(origin);
      cone.quaternion.setFromUnitVectors(DOWN, new Vector3(...b.direction).normalize());
      cone.scale.set(wide, length, wide);
      this.beamGroup.add(cone);
    }
    this.request();
  }

  /** The camera's pose now (position, target, up, vertical fov). */
  pose(): CameraPose {
    const v = (x: Vector3): Vec3Like => ({ x: x.x, y: x.y, z: x.z });
    return { position: v(this.camera.position), target: v(this.controls.target), up: v(this.camera.up), fov: this.camera.fov };
  }

  /** Flies to a named camera's pose over `durationMs` with an easing (0: at once); the mouse takes over when it lands. */
  flyTo(pose: CameraPose, durationMs = 0, easing: Easing = 'ease-in-out'): void {
    const vec = (p: Vec3Like): Vector3 => new Vector3(p.x, p.y, p.z);
    this.flight = {
      from: { position: this.camera.position.clone(), target: this.controls.target.clone(), up: this.camera.up.clone(), fov: this.camera.fov },
      to: { position: vec(pose.position), target: vec(pose.target), up: vec(pose.up).normalize(), fov: pose.fov },
      startMs: performance.now(),
      durationMs: Math.max(0, durationMs),
      easing,
    };
    this.controls.enabled = false;
    this.request();
  }

  /** Places the camera where a flight is at `now`; ends the flight when it lands. */
  private fly(now: number): void {
    const f = this.flight;
    if (f === null) return;
    const t = f.durationMs === 0 ? 1 : Math.min(1, (now - f.startMs) / f.durationMs);
    const k = ease(f.easing, t);
    this.camera.position.lerpVectors(f.from.position, f.to.position, k);
    this.controls.target.lerpVectors(f.from.target, f.to.target, k);
    const up = new Vector3().lerpVectors(f.from.up, f.to.up, k);
    this.camera.up.copy(up.lengthSq() > 1e-12 ? up.normalize() : f.to.up);
    this.camera.fov = f.from.fov + (f.to.fov - f.from.fov) * k;
    const d = this.camera.position.distanceTo(this.controls.target);
    this.camera.near = Math.max(1e-3, d / 1000);
    this.camera.far = Math.max(d * 10, this.radius * 20);
    this.camera.updateProjectionMatrix();
    this.camera.lookAt(this.controls.target);
    if (t >= 1) {
      this.flight = null;
      this.controls.enabled = true;
      this.controls.update();
    } else this.request();
  }

  /** Camera presets; `front` looks down -Z like LX's default view. */
  view(preset: ViewPreset): void {
    this.flight = null;
    this.controls.enabled = true;
    this.camera.up.set(0, 1, 0);
    this.camera.fov = 45;
    const d = this.radius * 2.6;
    const c = this.center;
    const dir =
      preset === 'top'
        ? new Vector3(0, 1, 0.0001)
        : preset === 'side'
          ? new Vector3(1, 0, 0)
          : preset === 'front'
            ? new Vector3(0, 0, 1)
            : new Vector3(0.7, 0.45, 1).normalize();
    this.camera.position.copy(c).addScaledVector(dir, d);
    this.camera.near = Math.max(1e-3, d / 1000);
    this.camera.far = d * 10;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(c);
    this.controls.update();
    this.request();
  }

  private request(): void {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => this.draw());
  }

  private draw(): void {
    this.pending = false;
    this.fly(performance.now());
    this.renderer.render(this.scene, this.camera);
    this.stats.rendered++;
    if (this.newFrame) {
      this.stats.framesShown++;
      this.newFrame = false;
    }
    const now = performance.now();
    this.secondCount++;
    if (now - this.secondStart >= 1000) {
      this.stats.fps = Math.round((this.secondCount * 1000) / (now - this.secondStart));
      this.secondStart = now;
      this.secondCount = 0;
    }
  }

  /**
   * Renders now and reads back the canvas color under each given preview point (for tests):
   * [r, g, b] per point, or undefined for a point off screen.
   */
  sample(indices: readonly number[]): ({ index: number; x: number; y: number; rgb: [number, number, number] } | undefined)[] {
    this.renderer.render(this.scene, this.camera);
    const gl = this.renderer.getContext();
    const w = gl.drawingBufferWidth;
    const h = gl.drawingBufferHeight;
    const v = new Vector3();
    const px = new Uint8Array(4);
    return indices.map((i) => {
      v.set(this.positions[3 * i], this.positions[3 * i + 1], this.positions[3 * i + 2]).project(this.camera);
      const x = Math.round(((v.x + 1) / 2) * (w - 1));
      const y = Math.round(((v.y + 1) / 2) * (h - 1));
      if (x < 0 || y < 0 || x >= w || y >= h) return undefined;
      gl.readPixels(x, y, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
      return { index: i, x, y, rgb: [px[0], px[1], px[2]] };
    });
  }

  /** How many canvas pixels are not background (renders now; for tests). */
  litPixels(): number {
    this.renderer.render(this.scene, this.camera);
    const gl = this.renderer.getContext();
    const w = gl.drawingBufferWidth;
    const h = gl.drawingBufferHeight;
    const buf = new Uint8Array(w * h * 4);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, buf);
    let lit = 0;
    for (let i = 0; i < buf.length; i += 4) if (buf[i] + buf[i + 1] + buf[i + 2] > 40) lit++;
    return lit;
  }

  dispose(): void {
    this.resize.disconnect();
    this.controls.dispose();
    this.geometry.dispose();
    this.material.dispose();
    this.sprites.disc.dispose();
    this.sprites.glow.dispose();
    this.beams([]);
    this.coneGeometry.dispose();
    this.bodyGeometry.dispose();
    this.bodyMaterial.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }
}
