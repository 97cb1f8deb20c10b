import getDesignToken from 'antd/es/theme/getDesignToken';
import { portalThemeFor, type ColorMode } from './theme';

/** [r, g, b, alpha] of '#rrggbb' or 'rgb(a)(…)'. */
function parse(colour: string): [number, number, number, number] {
  if (colour.startsWith('#')) {
    const hex = colour.length === 4 ? [...colour.slice(1)].map((digit) => digit + digit).join('') : colour.slice(1);
    return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16), 1];
  }
  const [r, g, b, a = 1] = colour.replace(/^rgba?\(|\)$/g, '').split(',').map(Number);
  return [r, g, b, a];
}

function luminance([r, g, b]: number[]): number {
  const channel = (value: number) => {
    const v = value / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of a (possibly translucent) text colour over an opaque background. */
function contrast(text: string, background: string): number {
  const [r, g, b, a] = parse(text);
  const bg = parse(background);
  const shown = [r * a + bg[0] * (1 - a), g * a + bg[1] * (1 - a), b * a + bg[2] * (1 - a)];
  const [light, dark] = [luminance(shown), luminance(bg)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('the portal theme reads at WCAG 2.2 AA contrast (4.5:1 for text)', () => {
  const surfaces: Record<ColorMode, string[]> = {
    // Cards and dialogs, and the page behind them.
    light: ['#ffffff', '#f4f6fb'],
    dark: ['#141414', '#1f1f1f', '#0b0d12'],
  };

  it.each(['light', 'dark'] as const)('%s: secondary and status text, links and placeholders on every surface', (mode) => {
    const config = portalThemeFor(mode);
    const token = getDesignToken(config);
    const textColours = {
      colorText: token.colorText,
      colorTextSecondary: token.colorTextSecondary,
      colorTextDescription: token.colorTextDescription,
      colorTextTertiary: token.colorTextTertiary,
      colorTextPlaceholder: token.colorTextPlaceholder,
      colorLink: token.colorLink,
      colorPrimaryText: token.colorPrimaryText,
      colorSuccessText: token.colorSuccessText,
      colorWarningText: token.colorWarningText,
      colorErrorText: token.colorErrorText,
      // Danger buttons and menu items ("Sign out") are drawn in colorError.
      colorError: token.colorError,
    };
    const failing = Object.entries(textColours).flatMap(([name, colour]) =>
      surfaces[mode].filter((surface) => contrast(colour, surface) < 4.5).map((surface) => `${name} ${colour} on ${surface}: ${contrast(colour, surface).toFixed(2)}`),
    );
    expect(failing).toEqual([]);
  });

  it.each(['light', 'dark'] as const)('%s: status tags (text in the status colour on its pale background)', (mode) => {
    const token = getDesignToken(portalThemeFor(mode));
    const pairs = {
      success: [token.colorSuccess, token.colorSuccessBg],
      warning: [token.colorWarning, token.colorWarningBg],
      error: [token.colorError, token.colorErrorBg],
      processing: [token.colorInfo, token.colorInfoBg],
      red: [token.red7, token.red1],
      blue: [token.blue7, token.blue1],
    };
    const failing = Object.entries(pairs)
      .filter(([, [text, background]]) => contrast(text, background) < 4.5)
      .map(([name, [text, background]]) => `${name}: ${text} on ${background} ${contrast(text, background).toFixed(2)}`);
    expect(failing).toEqual([]);
  });

  it('dark: the selected menu item and tab read on their highlighted background', () => {
    const config = portalThemeFor('dark');
    const token = getDesignToken(config);
    expect(contrast(String(config.components?.Menu?.itemSelectedColor), token.colorPrimaryBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(String(config.components?.Tabs?.itemSelectedColor), '#0b0d12')).toBeGreaterThanOrEqual(4.5);
  });
});
