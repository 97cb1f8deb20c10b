import type { ThemeConfig } from 'antd/es/config-provider';
import darkAlgorithm from 'antd/es/theme/themes/dark';
import defaultAlgorithm from 'antd/es/theme/themes/default';

/** Deep navy and blue: calm, legible colours for a product that handles money. */
export const portalTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1746a2',
    colorLink: '#1746a2',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6fb' },
    Menu: { itemBorderRadius: 8 },
  },
};

/** The same palette on dark surfaces: a lighter blue keeps links and buttons legible. */
const portalDarkTheme: ThemeConfig = {
  token: { ...portalTheme.token, colorPrimary: '#3d6fd6', colorLink: '#6f97ea' },
  components: {
    Layout: { headerBg: '#141414', siderBg: '#141414', bodyBg: '#0b0d12' },
    Menu: { itemBorderRadius: 8 },
  },
};

export type ColorMode = 'light' | 'dark';

/** antd's light or dark algorithm with the portal's colours. */
export function portalThemeFor(mode: ColorMode): ThemeConfig {
  return mode === 'dark' ? { ...portalDarkTheme, algorithm: darkAlgorithm } : { ...portalTheme, algorithm: defaultAlgorithm };
}
