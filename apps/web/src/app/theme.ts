import type { ThemeConfig } from 'antd/es/config-provider';

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
