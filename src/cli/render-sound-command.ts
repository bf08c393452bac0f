import { type Command, Option } from 'commander';
import { TIMECODE_RATE_HELP } from '../show/timecode/timecode-out.js';
import { TIMECODE_FORMAT_HELP } from '../show/timecode/timecode.js';
import { beat, LTC_HELP, positiveNumber, timecodeOffset, timecodeRate } from './options.js';

/**
 * `footlight render-sound`'s options, for main.ts and for render-sound-main.ts, the command's own entry
 * (bin/footlight.js starts there for this command: none of the other commands' modules are loaded).
 */
export function addRenderSoundCommand(program: Command): void {
  program
    .command('render-sound')
    .description(
      "Render the sound project's arranger offline to a 48 kHz stereo WAV and print its duration, peak, true peak and integrated loudness (the demo project " +
        'unless --project is given)',
    )
    .option('--project <dir>', "a sound project folder (as the console's save or song_save_project writes it) or the .bwproject file inside it")
    .option('--seconds <n>', 'render this many seconds from the start (default: to the end of the arrangement plus a 2 s tail)', positiveNumber)
    .option('--from <beat>', 'start beat (quarter notes; default 0)', beat)
    .option('--to <beat>', 'end beat', beat)
    .requiredOption('--out <file>', 'the WAV file to write')
    .option('--stems <dir>', 'also write one WAV per track into this folder, sample-aligned with the mix (NN-name.wav by bank position)')
    .option('--samples <dir>', "the sample folder the project's Sampler zones load from (nothing outside it is read)")
    .option('--ltc [channel]', LTC_HELP)
    .option('--timecode-rate <rate>', `the LTC rate: ${TIMECODE_RATE_HELP} (default 30; 29.97df is drop-frame)`, timecodeRate)
    .option('--timecode-offset <timecode>', `the LTC label at the song's start: ${TIMECODE_FORMAT_HELP} (default 00:00:00:00)`, timecodeOffset)
    .addOption(
      new Option(
        '--stems-mode <mode>',
        "pre-master: each track's post-fader output (the master's inputs sum to its input); post-master: each track soloed through the master",
      )
        .choices(['pre-master', 'post-master'])
        .default('pre-master'),
    )
    .action(
      async (opts: {
        project?: string;
        seconds?: number;
        from?: number;
        to?: number;
        out: string;
        stems?: string;
        stemsMode?: 'pre-master' | 'post-master';
        samples?: string;
        ltc?: string | boolean;
        timecodeRate?: string;
        timecodeOffset?: string;
      }) => (await import('./render-sound.js')).renderSound(opts),
    );
}
