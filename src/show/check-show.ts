// The offline show check (check_show): the show as it is now, unsaved edits included, played in a
// separate engine from the song's start exactly as render-show plays it, and reported on over a
// range of beats. The live show is only read, once, inside one queue task: its transport, graph,
// history and outputs never see the check. The render runs in a worker thread, off the engine thread.
import { Worker } from 'node:worker_threads';
import type { Engine } from '../engine/engine.js';
import { ERROR_CODES, type ErrorCode, FootlightError, internal, invalidArgument } from '../engine/errors.js';
import type { LightShow } from '../light/show/light-show.js';
import { writeProject } from '../light/show/project/project-file.js';
import { MAX_RENDER_SECONDS } from '../sound/audio/offline.js';
import type { SoundHost } from '../sound/host/host.js';
import { MAX_REGION_SECONDS } from '../sound/listen/listen.js';
import { MAX_BEATS, saveProject } from '../sound/model/components.js';
import type { ComponentTarget } from '../light/operations/targets.js';
import { stageFixtureAt } from '../light/operations/stage-fixtures.js';
import type { FixtureDmxJob, FixtureDmxResult, ShowCheckJob, ShowCheckResult } from './check-show-job.js';

/** Checks that render at once: each takes a core for its length. */
const MAX_CHECKS = 1;

interface ShowCheckRequest {
  readonly fromBeat: number;
  readonly toBeat: number;
  readonly fps: number;
  readonly contactSheet: boolean;
  readonly full: boolean;
}

interface ShowCheckOptions {
  /** The song track the light's audio devices hear (serve --audio-track; default the master). */
  readonly audioTrack?: string;
}

function runInWorker<T>(job: ShowCheckJob | FixtureDmxJob): Promise<T> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./check-show-worker.mjs', import.meta.url), { workerData: job, execArgv: [], name: 'footlight-check-show' });
    w.once('message', (m: { ok: true; result: T } | { ok: false; code: unknown; message: string; stack: string }) => {
      if (m.ok) resolve(m.result);
      // A refusal from the copy (a file the project names that cannot be read) keeps its code; anything else is a bug.
      else if (ERROR_CODES.includes(m.code as ErrorCode) && m.code !== 'internal') reject(new FootlightError(m.code as ErrorCode, m.message));
      else reject(internal(`the show check failed: ${m.message.split('\n')[0]}`));
    });
    w.once('error', (err) => reject(internal(`the show check worker failed: ${err.message}`)));
  });
}

/** The live show's light and song, checked offline on request. */
export class ShowCheck {
  private running = 0;

  constructor(
    private readonly engine: Engine,
    private readonly light: LightShow,
    private readonly sound: SoundHost,
    private readonly options: ShowCheckOptions = {},
  ) {}

  /**
   * Copies the show inside one read task (refusing, before anything runs, a range the limits do
   * not allow), then renders the copy in a worker. `busy` while another check renders.
   */
  async check(req: ShowCheckRequest): Promise<ShowCheckResult> {
    const job = await this.engine.queue.submit(() => this.prepare(req), { label: 'check_show', read: true });
    return this.render<ShowCheckResult>(job);
  }

  /**
   * A stage fixture's DMX at the first frame at or after `beat`, the show played offline from the
   * song's start (get_stage_fixture_dmx with beat). Shares the one-at-a-time limit with check.
   */
  async fixtureDmx(target: ComponentTarget, beat: number, fps: number): Promise<FixtureDmxResult> {
    const job = await this.engine.queue.submit(() => this.prepareFixture(target, beat, fps), { label: 'get_stage_fixture_dmx', read: true });
    return this.render<FixtureDmxResult>(job);
  }

  private async render<T>(job: ShowCheckJob | FixtureDmxJob): Promise<T> {
    if (this.running >= MAX_CHECKS)
      throw new FootlightError('busy', 'another show check is rendering (one at a time: each takes a core); nothing was done. Call again when it ends');
    this.running++;
    try {
      return await runInWorker<T>(job);
    } finally {
      this.running--;
    }
  }

  /** The copy as save writes it: what a saved project and song would open as (parsed in the worker). */
  private copy(): Pick<ShowCheckJob, 'lightJson' | 'song' | 'mediaDir' | 'audioTrack'> {
    return {
      lightJson: JSON.stringify(writeProject(this.light.lx, this.light.externals, 0)),
      song: saveProject(this.sound.project, { ids: false }),
      ...(this.light.mediaDir === undefined ? {} : { mediaDir: this.light.mediaDir }),
      ...(this.options.audioTrack === undefined ? {} : { audioTrack: this.options.audioTrack }),
    };
  }

  private prepareFixture(target: ComponentTarget, beat: number, fps: number): FixtureDmxJob {
    const f = stageFixtureAt(this.light, target);
    if (!(Number.isFinite(beat) && beat >= 0)) throw invalidArgument(`beat takes a number ≥ 0 (quarter-note beats on the song timeline); got ${beat}`);
    if (beat > MAX_BEATS) throw invalidArgument(`beat is at most ${MAX_BEATS} (the song's length limit); got ${beat}`);
    const tempo = this.sound.project.tempo.getBaseValue();
    const reach = (beat * 60) / tempo;
    if (reach > MAX_RENDER_SECONDS)
      throw invalidArgument(
        `the show is played from the song's start to reach the beat, and a render is at most ${MAX_RENDER_SECONDS} s; beat ${beat} at ${tempo} BPM ` +
          `is ${reach.toFixed(1)} s in`,
      );
    // The frames that reach the beat, plus one: a frame boundary need not fall on it.
    return { kind: 'fixture-dmx', ...this.copy(), fixture: f.path, beat, fps, maxFrames: Math.ceil(reach * fps) + 1 };
  }

  private prepare(req: ShowCheckRequest): ShowCheckJob {
    const { fromBeat, toBeat, fps } = req;
    if (!(toBeat > fromBeat)) throw invalidArgument(`to_beat (${toBeat}) must be after from_beat (${fromBeat})`);
    if (toBeat > MAX_BEATS) throw invalidArgument(`to_beat is at most ${MAX_BEATS} (the song's length limit); got ${toBeat}`);
    const tempo = this.sound.project.tempo.getBaseValue();
    const span = ((toBeat - fromBeat) * 60) / tempo;
    if (span > MAX_REGION_SECONDS)
      throw invalidArgument(
        `a checked range is at most ${MAX_REGION_SECONDS} s (as song_listen's); beats ${fromBeat}–${toBeat} at ${tempo} BPM are ${span.toFixed(1)} s: ` +
          'check it in parts',
      );
    const reach = (toBeat * 60) / tempo;
    if (reach > MAX_RENDER_SECONDS)
      throw invalidArgument(
        `the check plays the show from the song's start, and a render is at most ${MAX_RENDER_SECONDS} s; beat ${toBeat} at ${tempo} BPM is ` +
          `${reach.toFixed(1)} s in`,
      );
    return {
      kind: 'check',
      ...this.copy(),
      fromBeat,
      toBeat,
      fps,
      // The frames that reach to_beat, plus one: a frame boundary need not fall on it.
      maxFrames: Math.ceil(reach * fps) + 1,
      contactSheet: req.contactSheet,
      full: req.full,
    };
  }
}
