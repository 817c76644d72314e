import type { z } from 'zod';

/**
 * The options of a rule across fields (an end before its start…) so that it is reported with
 * every other violation at once. zod skips an object's refinements as soon as any field fails,
 * so a form or an API answer showed the rule only once the rest was fixed. With these it runs
 * whenever the fields it reads are themselves valid, whatever the other fields hold (but for a
 * list over its size limit: zod stops there without reading its items).
 */
export const whenValid = (...fields: string[]): { when: (payload: z.core.ParsePayload) => boolean } => ({
  // Never on a body that is not an object at all (null, a list, a text): the rule would read fields of nothing.
  when: (payload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    !payload.issues.some((i) => !i.path?.length || fields.includes(String(i.path[0]))),
});
