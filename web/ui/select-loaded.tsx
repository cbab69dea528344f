// The real Select, in a module of its own so that web/ui/select.tsx can load it after a screen draws.
export { Select } from '@mantine/core';
