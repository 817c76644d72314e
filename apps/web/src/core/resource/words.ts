/** pt-BR wording from a descriptor's label and gender: "Novo estoque"/"Nova seção", "criado"/"criada"… */
export type Gender = 'm' | 'f';

export const article = (gender: Gender) => (gender === 'f' ? 'a' : 'o');
/** `agreed('f', 'excluíd')` → "excluída". */
export const agreed = (gender: Gender, stem: string) => `${stem}${article(gender)}`;

export function resourceWords(label: string, gender: Gender, plural?: string) {
  // Acronyms keep their case: "Nova LMC", "Criar segmento LMX".
  const l = label
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() && /[A-Z]/.test(w) ? w : w.toLowerCase()))
    .join(' ');
  const f = gender === 'f';
  return {
    create: `${f ? 'Nova' : 'Novo'} ${l}`,
    edit: `Editar ${l}`,
    submit: `Criar ${l}`,
    list: `Lista de ${(plural ?? `${label}s`).toLowerCase()}`,
    tabs: `Abas ${f ? 'da' : 'do'} ${l}`,
    details: `Detalhes ${f ? 'da' : 'do'} ${l}`,
    contents: `Conteúdo ${f ? 'da' : 'do'} ${l}`,
    readOnly: `Você pode consultar ${f ? 'esta' : 'este'} ${l}, mas não alterá-${f ? 'la' : 'lo'}.`,
    created: `${label} ${agreed(gender, 'criad')}!`,
    updated: `${label} ${agreed(gender, 'atualizad')}!`,
    removed: `${label} ${agreed(gender, 'excluíd')}!`,
    removeTitle: (name: string) => `Excluir ${article(gender)} ${l} ${name}?`,
  };
}
