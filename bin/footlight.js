#!/usr/bin/env node
// Runs Footlight's TypeScript sources directly (through tsx), so `npm ci` is the only setup step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
