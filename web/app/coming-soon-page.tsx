import { Button, Text } from '@mantine/core';
import { IconHome, IconTools } from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { StandalonePage } from '../ui/standalone-page.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';

/** /comingsoon: a part of Precinct that is being built. Without a layout (spec section 2). */
export function ComingSoonPage() {
  const { module: name } = useSearch({ strict: false });
  usePageTitle('Coming soon');
  return (
    <StandalonePage title={name ? `${name} is coming soon` : 'Coming soon'} icon={<IconTools aria-hidden size={32} stroke={1.6} />}>
      <Text>This part of Precinct is being built. You have access to it, and it will open here as soon as it is ready.</Text>
      <Button component={Link} to="/" leftSection={<IconHome aria-hidden size={18} />} style={{ alignSelf: 'flex-start' }}>
        Go to the home page
      </Button>
    </StandalonePage>
  );
}
