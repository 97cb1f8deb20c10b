import type { ThemeConfig } from 'antd/es/config-provider';
import darkAlgorithm from 'antd/es/theme/themes/dark';
import defaultAlgorithm from 'antd/es/theme/themes/default';

/** What both modes share: the shape and the type. */
const sharedToken: ThemeConfig['token'] = {
  borderRadius: 8,
  fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
};

/** Deep navy and blue: calm, legible colours for a product that handles money. */
export const portalTheme: ThemeConfig = {
  token: {
    ...sharedToken,
    colorPrimary: '#1746a2',
    colorLink: '#1746a2',
    // WCAG 2.2 AA (1.4.3): every colour that carries text reads at 4.5:1 or more on white and on the
    // page's #f4f6fb, including status tags (text in the status colour on its pale background).
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorSuccess: '#2b7a0b',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#ad5700',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorInfo: '#1746a2',
    // The green and gold preset tags' text is set in styles.css (antd regenerates palette shades from the seed).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6fb' },
    Menu: { itemBorderRadius: 8 },
    // "No data" in an empty table is drawn in the disabled colour, too faint to read.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};

/** Blue text on dark surfaces (selected menu item and tab): the button blue is too dark to read there. */
const darkPrimaryText = '#9ab8f5';

/** The same palette on dark surfaces: a lighter blue keeps links and buttons legible. */
const portalDarkTheme: ThemeConfig = {
  token: {
    ...sharedToken,
    colorPrimary: '#3d6fd6',
    // WCAG 2.2 AA (1.4.3): text colours read at 4.5:1 or more on #0b0d12, #141414 and #1f1f1f (menus, dialogs).
    colorLink: '#8fb1f5',
    colorLinkHover: '#adc6ff',
    colorPrimaryText: darkPrimaryText,
    colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
    colorTextDescription: 'rgba(255, 255, 255, 0.6)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
    colorError: '#ff7875',
    colorInfo: '#7aa7ff',
  },
  components: {
    Layout: { headerBg: '#141414', siderBg: '#141414', bodyBg: '#0b0d12' },
    Menu: { itemBorderRadius: 8, itemSelectedColor: darkPrimaryText },
    Tabs: { itemSelectedColor: darkPrimaryText, itemActiveColor: darkPrimaryText, itemHoverColor: '#adc6ff' },
    // The red that reads on dark surfaces is too light for white text: a filled danger button gets dark text.
    Button: { dangerColor: '#141414' },
    // "No data" in an empty table is drawn in the disabled colour, too faint to read.
    Table: { colorTextDisabled: 'rgba(255, 255, 255, 0.6)' },
  },
};

export type ColorMode = 'light' | 'dark';

/** The class antd gives every component in a mode: the mode's CSS variables are scoped by it. */
export function themeClassOf(mode: ColorMode): string {
  return `portal-${mode}`;
}

/**
 * antd's light or dark algorithm with the portal's colours. Zero runtime: the components'
 * styles are not computed in the browser but built into a stylesheet (apps/web/antd-styles.cjs);
 * each mode's colours are CSS variables under its own class, and plain class names (no
 * hash) are what that stylesheet targets.
 */
export function portalThemeFor(mode: ColorMode): ThemeConfig {
  const colours = mode === 'dark' ? { ...portalDarkTheme, algorithm: darkAlgorithm } : { ...portalTheme, algorithm: defaultAlgorithm };
  return { ...colours, cssVar: { key: themeClassOf(mode) }, hashed: false, zeroRuntime: true };
}
