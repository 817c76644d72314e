const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * User text made safe for a library that only takes HTML strings (frappe-gantt's labels and
 * popup): the text shows literally and no element is ever created from it.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
