import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';

/** The empty layout of the print routes: the page and nothing else. */
export function EmptyLayout() {
  return (
    <Box component="main" id="main-content" p="md">
      <Outlet />
    </Box>
  );
}
