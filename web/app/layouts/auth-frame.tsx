import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AuthLink } from '../../ui/auth-link.tsx';
import { PrecinctLogo } from '../../ui/precinct-logo.tsx';
import { ThemeSwitch } from '../theme-switch.tsx';

/** The auth layout: the product's name, the theme switch and one centred column (home and sign-in screens). */
export function AuthFrame({ children, width = 30 * 16 }: { children: ReactNode; width?: number }) {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a className="precinct-skip-link" href="#main-content">
        Skip to content
      </a>
      <Group component="header" justify="space-between" px="md" py="sm" wrap="nowrap">
        <Anchor component={AuthLink} to="/" underline="never" c="inherit" aria-label="Precinct home" className="precinct-tap">
          <PrecinctLogo />
        </Anchor>
        <ThemeSwitch />
      </Group>
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        size={width}
        w="100%"
        px="md"
        py={{ base: 'md', sm: 'xl' }}
        style={{ flex: 1 }}
      >
        {children}
      </Container>
      <Text component="footer" ta="center" c="dimmed" fz="xs" p="md">
        Precinct · software for public-safety agencies
      </Text>
    </Box>
  );
}
