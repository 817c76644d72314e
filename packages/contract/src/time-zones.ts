/**
 * Zod-free (the web's /login reads it without the contract's schemas). The one list of time zones an organization (or a unit) may run on: Brazil's IANA zones.
 * Every other file reads its zone from the organization; this is the only place that names one,
 * so a scan of the sources can tell a forgotten hard-coded zone from a legitimate one.
 */
export const BRAZIL_TIME_ZONES = [
  { value: 'America/Noronha', label: 'Fernando de Noronha (America/Noronha, UTC−2)' },
  { value: 'America/Sao_Paulo', label: 'Brasília (America/Sao_Paulo, UTC−3)' },
  { value: 'America/Bahia', label: 'Salvador (America/Bahia, UTC−3)' },
  { value: 'America/Fortaleza', label: 'Fortaleza (America/Fortaleza, UTC−3)' },
  { value: 'America/Recife', label: 'Recife (America/Recife, UTC−3)' },
  { value: 'America/Maceio', label: 'Maceió (America/Maceio, UTC−3)' },
  { value: 'America/Belem', label: 'Belém (America/Belem, UTC−3)' },
  { value: 'America/Araguaina', label: 'Araguaína (America/Araguaina, UTC−3)' },
  { value: 'America/Santarem', label: 'Santarém (America/Santarem, UTC−3)' },
  { value: 'America/Manaus', label: 'Manaus (America/Manaus, UTC−4)' },
  { value: 'America/Cuiaba', label: 'Cuiabá (America/Cuiaba, UTC−4)' },
  { value: 'America/Campo_Grande', label: 'Campo Grande (America/Campo_Grande, UTC−4)' },
  { value: 'America/Porto_Velho', label: 'Porto Velho (America/Porto_Velho, UTC−4)' },
  { value: 'America/Boa_Vista', label: 'Boa Vista (America/Boa_Vista, UTC−4)' },
  { value: 'America/Rio_Branco', label: 'Rio Branco (America/Rio_Branco, UTC−5)' },
  { value: 'America/Eirunepe', label: 'Eirunepé (America/Eirunepe, UTC−5)' },
] as const;

export type BrazilTimeZone = (typeof BRAZIL_TIME_ZONES)[number]['value'];

/** What an organization runs on until it chooses otherwise (the database default too). */
export const DEFAULT_TIME_ZONE: BrazilTimeZone = 'America/Sao_Paulo';

export const TIME_ZONE_INVALID = 'Fuso horário inválido: escolha um fuso do Brasil da lista';

export const zoneValues = BRAZIL_TIME_ZONES.map((z) => z.value) as [BrazilTimeZone, ...BrazilTimeZone[]];
export const isBrazilTimeZone = (v: unknown): v is BrazilTimeZone => typeof v === 'string' && (zoneValues as string[]).includes(v);

/** "Manaus (America/Manaus, UTC−4)"; an unknown value is shown as it is. */
export const timeZoneLabel = (zone: string) => BRAZIL_TIME_ZONES.find((z) => z.value === zone)?.label ?? zone;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/**
 * The wall-clock time in a zone at an instant, as the UTC milliseconds of the same digits (whole
 * seconds): 2026-11-23 09:30 in Manaus → Date.UTC(2026, 10, 23, 9, 30). Past daylight saving
 * (Brazil had it until 2019) comes from the time zone database.
 */
export function zonedWallClock(t: Date | number, zone: string): number {
  const p: Record<string, string> = {};
  for (const x of partsFormatter(zone).formatToParts(t)) p[x.type] = x.value;
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/** The zone's offset from UTC at an instant, in milliseconds (Manaus: −4 h). */
export const zoneOffsetAt = (t: Date | number, zone: string): number => {
  const ms = typeof t === 'number' ? t : t.getTime();
  return zonedWallClock(ms, zone) - Math.floor(ms / 1000) * 1000;
};

/** The day in a zone at an instant, `AAAA-MM-DD`. */
export const dayInZone = (t: Date | number, zone: string) => new Date(zonedWallClock(t, zone)).toISOString().slice(0, 10);

/**
 * The instant of a local wall-clock time in a zone: `wallMs` is the UTC milliseconds of the local
 * digits (Date.UTC(2026, 10, 30, 23, 50) for 30/11/2026 23:50). A time skipped by a daylight-saving
 * jump lands after the jump; a repeated one takes its first occurrence.
 */
export function instantOfWallClock(wallMs: number, zone: string): Date {
  // The zone's offsets half a day either side (a change of offset happens at most once in a day).
  const tries = [...new Set([zoneOffsetAt(wallMs - 43_200_000, zone), zoneOffsetAt(wallMs, zone), zoneOffsetAt(wallMs + 43_200_000, zone)])].map((o) => wallMs - o);
  const fits = tries.filter((t) => zonedWallClock(t, zone) === Math.floor(wallMs / 1000) * 1000);
  // Two fit: a repeated hour, its first occurrence; none: a skipped hour, after the jump.
  return new Date(fits.length ? Math.min(...fits) : Math.max(...tries));
}

/**
 * A local date or date-time without offset ("2026-11-30", "2026-11-30T23:50") as the instant it
 * names in a zone; a text with its own offset or `Z` is read as it is.
 */
export function zonedInstant(local: string, zone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(local);
  if (!m) return new Date(local);
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = m;
  return instantOfWallClock(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0'))), zone);
}
