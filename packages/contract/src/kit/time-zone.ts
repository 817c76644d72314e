import { z } from 'zod';
import { TIME_ZONE_INVALID, zoneValues } from '../time-zones';

export * from '../time-zones';

/** A zone from the list (the form's "Fuso horário"). */
export const timeZoneField = z.enum(zoneValues, { error: TIME_ZONE_INVALID });
