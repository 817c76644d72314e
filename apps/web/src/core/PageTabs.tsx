/**
 * Tabs of a record page (Dados, Membros, Histórico…), the active one kept in the URL (?tab=).
 * A panel is mounted the first time it is shown and then kept, so unsaved form input survives
 * a look at another tab.
 */
import { Box, Tab, Tabs } from '@mui/material';
import { useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export type PageTab = { value: string; label: string; content: ReactNode; hidden?: boolean };

export function PageTabs({ tabs, ariaLabel, param = 'tab' }: { tabs: PageTab[]; ariaLabel: string; param?: string }) {
  const [params, setParams] = useSearchParams();
  const shown = tabs.filter((t) => !t.hidden);
  const requested = params.get(param);
  const active = shown.find((t) => t.value === requested)?.value ?? shown[0]?.value;
  const visited = useRef(new Set<string>());
  if (active) visited.current.add(active);
  const select = (v: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v === shown[0]?.value) next.delete(param);
        else next.set(param, v);
        return next;
      },
      { replace: true },
    );
  return (
    <Box>
      <Tabs
        value={active}
        onChange={(_e, v: string) => select(v)}
        aria-label={ariaLabel}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {shown.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} id={`tab-${t.value}`} aria-controls={`tabpanel-${t.value}`} />
        ))}
      </Tabs>
      {shown.map((t) => (
        <Box key={t.value} role="tabpanel" id={`tabpanel-${t.value}`} aria-labelledby={`tab-${t.value}`} hidden={t.value !== active}>
          {visited.current.has(t.value) && t.content}
        </Box>
      ))}
    </Box>
  );
}
