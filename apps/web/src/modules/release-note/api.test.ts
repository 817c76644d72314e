import { releaseNoteResource } from '@operacoes/contract';
import { describe, expect, it } from 'vitest';
import { RELEASE_NOTE_PATH, releaseNoteKeys } from './api';

describe("the light release-note fetcher (what's new dialog)", () => {
  it('uses the descriptor’s path and sits under its entity key (so the kit’s invalidation reaches it)', () => {
    expect(RELEASE_NOTE_PATH).toBe(releaseNoteResource.apiPath);
    expect(releaseNoteKeys.all[0]).toBe(releaseNoteResource.entity);
  });
});
