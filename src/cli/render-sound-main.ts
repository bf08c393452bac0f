import { Command } from 'commander';
import { addRenderSoundCommand } from './render-sound-command.js';

// `footlight render-sound`'s own entry: bin/footlight.js starts here for that command when it runs the compiled build,
// as one CommonJS file (lib/cli/render-sound-main.cjs, scripts/build-engine.mjs) holding the command, the engine and
// commander, instead of main.ts and the ~25 modules its other commands' options need (issue #28: start-up is
// measured against Csound's). The options are main.ts's (render-sound-command.ts). No top-level await: CommonJS.
const program = new Command();
program.name('footlight');
addRenderSoundCommand(program);
// Exits when the command is done instead of letting Node tear the process down (freeing the heap, finishing background
// compile jobs): ~0.03-0.05 s of CPU. Output is written synchronously (files and pipes on Linux), and exitCode stands.
void program.parseAsync(process.argv).then(() => process.exit());
