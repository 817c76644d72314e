/**
 * The labels of the fields on screen, by form path: a server violation names a field by its key
 * ("ended_at", "members.1", "depends_on.0") and the user reads it by its label ("Fim",
 * "Membro 2", "Dependências"). Every kit input registers its label while mounted; a list whose
 * items are not one field each registers the noun of an item ("Membro": item 1 is "Membro 2").
 */
import { useEffect } from 'react';

type Entry = { label: string };
const fields = new Map<string, Entry[]>();
const items = new Map<string, Entry[]>();

/** `members[1].lmc_id` (API) and `members.1.lmc_id` (form) are the same path. */
export const normalizePath = (path: string) => path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');

function register(map: Map<string, Entry[]>, name: string, label: string): () => void {
  const entry = { label };
  const list = map.get(name) ?? [];
  map.set(name, [...list, entry]);
  return () => {
    const rest = (map.get(name) ?? []).filter((e) => e !== entry);
    if (rest.length) map.set(name, rest);
    else map.delete(name);
  };
}

/** Registers a field's label until the returned function is called (the hooks below, and tests). */
export const registerFieldLabel = (name: string, label: string) => register(fields, normalizePath(name), label);
/** Registers the noun of a list's items until the returned function is called. */
export const registerItemLabel = (listName: string, noun: string) => register(items, normalizePath(listName), noun);

const latest = (map: Map<string, Entry[]>, name: string) => map.get(name)?.at(-1)?.label;

/** Registers a field's label while the component is mounted (the newest form on screen wins). */
export function useFieldLabel(name: string, label: unknown): void {
  const text = typeof label === 'string' ? label.trim() : '';
  useEffect(() => (text ? registerFieldLabel(name, text) : undefined), [name, text]);
}

/** Registers the noun of a list's items ("Membro"): `members.1` reads "Membro 2". */
export function useItemLabel(listName: string, noun: string): void {
  useEffect(() => registerItemLabel(listName, noun), [listName, noun]);
}

/** The field names registered under `path` (itself first), for a violation on a group of fields. */
export function fieldsUnder(path: string): string[] {
  const p = normalizePath(path);
  return [...fields.keys()].filter((n) => n === p || n.startsWith(`${p}.`)).sort((a, b) => (a === p ? -1 : b === p ? 1 : 0));
}

/**
 * The label a user reads for a property path, or undefined when nothing on screen names it:
 * the field's own label; an item of a list by its noun and position (index + 1); a group by
 * its first field; an item of a one-field list (a multi-picker) by the list's label.
 */
export function labelOfPath(path: string): string | undefined {
  const p = normalizePath(path);
  if (!p) return undefined;
  const own = latest(fields, p);
  if (own) return own;
  const parts = p.split('.');
  for (let i = parts.length - 1; i > 0; i--) {
    if (!/^\d+$/.test(parts[i])) continue;
    const list = parts.slice(0, i).join('.');
    const noun = latest(items, list);
    if (noun) return `${noun} ${Number(parts[i]) + 1}`;
  }
  const inside = fieldsUnder(p)[0];
  if (inside) return latest(fields, inside);
  for (let i = parts.length - 1; i > 0; i--) {
    const parent = latest(fields, parts.slice(0, i).join('.'));
    if (parent) return parent;
  }
  return undefined;
}
