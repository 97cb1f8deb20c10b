import Flex from 'antd/es/flex';
import type { ReactNode } from 'react';

/** A full-height page with its content centred: error, not-found and access pages. */
export function CenteredPage({ children, fullHeight = true }: { children: ReactNode; fullHeight?: boolean }) {
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: fullHeight ? '100vh' : '50vh', padding: 24, boxSizing: 'border-box' }}
    >
      {children}
    </Flex>
  );
}
