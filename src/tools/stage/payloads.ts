import * as z from 'zod';
import { notFound } from '../../engine/errors.js';
import type { FixtureLibrary } from '../../light/stage/profiles/library.js';
import { FIXTURE_TYPES } from '../../light/stage/profiles/profile.js';

export const FixtureTypeInput = z.enum(FIXTURE_TYPES);

/** One library entry: what list_fixture_profiles returns and get_fixture_profile takes. */
export const ProfileEntryPayload = z.strictObject({
  id: z.string().describe('The file inside the library: get_fixture_profile takes it'),
  maker: z.string(),
  model: z.string(),
  type: FixtureTypeInput,
  source: z.enum(['qlc', 'ofl', 'gdtf']).describe('qlc: QLC+ .qxf; ofl: Open Fixture Library JSON; gdtf: GDTF'),
});

/** The library the operator configured, or not_found saying how to configure one. */
export function libraryOf(library: FixtureLibrary | undefined): FixtureLibrary {
  if (library === undefined)
    throw notFound(
      'no fixture library: set "fixtureLibrary" (a folder of QLC+ .qxf, OFL .json or GDTF files) in config.json, ' +
        "or install QLC+'s library (Debian: qlcplus-data)",
    );
  return library;
}
