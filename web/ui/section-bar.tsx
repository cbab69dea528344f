import { Anchor, Box, Group } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';

export interface Section {
  to: string;
  label: string;
  /** Whether this section is the current one, from the path (without a trailing slash). */
  match: (path: string) => boolean;
}

/**
 * An area's own navigation (admin, fleet office): a row of links that wraps onto a second line when
 * the screen is too narrow, so every section shows on a phone. (It scrolled sideways, which hid the
 * fleet office's "Squad checks" and "Templates" past the edge of a 360 px screen with nothing to say
 * they were there.)
 */
export function SectionBar({ sections, label }: { sections: readonly Section[]; label: string }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname.replace(/\/$/, '') || '/' });
  return (
    <Box component="nav" aria-label={label} className="precinct-section-bar">
      <Group gap={4} wrap="wrap" pb={4}>
        {sections.map((section) => {
          const current = section.match(pathname);
          return (
            <Anchor
              key={section.to}
              component={Link}
              to={section.to}
              aria-current={current ? 'page' : undefined}
              underline="never"
              px="sm"
              py={6}
              fz="sm"
              fw={current ? 650 : 500}
              c="var(--mantine-color-text)"
              style={{
                whiteSpace: 'nowrap',
                borderRadius: 'var(--mantine-radius-md)',
                background: current ? 'var(--mantine-color-blue-light)' : undefined,
                boxShadow: current ? 'inset 0 -2px 0 var(--mantine-color-blue-filled)' : undefined,
              }}
            >
              {section.label}
            </Anchor>
          );
        })}
      </Group>
    </Box>
  );
}
