import { z } from 'zod';
import { ROUTEROS_VERSIONS } from './enums';

/** `POST /api/lmc/{id}/script`: one RouterOS script per MikroTik device on the LMC's path. */
export const scriptDevice = z.object({
  asset_id: z.number(),
  hostname: z.string(),
  routeros_version: z.enum(ROUTEROS_VERSIONS),
  script: z.string(),
  /** The "Remover configuração" script: removes what `script` added to the device, by its comment tags. */
  removal_script: z.string(),
  /** The last script generated before this one for the device (null the first time). */
  previous_script: z.string().nullable(),
  /** A unified diff from the previous script to this one ('' when identical or the first time). */
  diff: z.string(),
  /** When and by whom the previous version was generated. */
  previous_generated_at: z.string().nullable(),
  previous_generated_by: z.string().nullable(),
});
export type ScriptDevice = z.infer<typeof scriptDevice>;
export const scriptResult = z.object({
  devices: z.array(scriptDevice),
  /** pt-BR notes about what could not be generated (e.g. a MikroTik asset without a RouterOS version). */
  warnings: z.array(z.string()),
});
export type ScriptResult = z.infer<typeof scriptResult>;

/**
 * `GET /api/lmc/{id}/script`: the last script generated for each device of the LMC (read-only
 * users see them, they cannot generate), with the diff against the version before it.
 */
export const scriptLastDevice = scriptDevice.extend({
  /** The device's RouterOS version now (null when it no longer has one). */
  routeros_version: z.enum(ROUTEROS_VERSIONS).nullable(),
  generated_at: z.string(),
  generated_by: z.string().nullable(),
});
export type ScriptLastDevice = z.infer<typeof scriptLastDevice>;
export const scriptLast = z.object({ devices: z.array(scriptLastDevice) });
export type ScriptLast = z.infer<typeof scriptLast>;
