import { DEFAULT_FEATURE_TOGGLES } from '@portal/contracts';
import { resolveFeatureToggles } from './settings.service';

describe('feature toggles', () => {
  it('fall back to the defaults when nothing is stored', () => {
    expect(resolveFeatureToggles(undefined)).toEqual(DEFAULT_FEATURE_TOGGLES);
    expect(resolveFeatureToggles(['not', 'an', 'object'])).toEqual(DEFAULT_FEATURE_TOGGLES);
  });

  it('take stored values and keep defaults for toggles not stored yet', () => {
    expect(resolveFeatureToggles({ new_registrations: false })).toEqual({ ...DEFAULT_FEATURE_TOGGLES, new_registrations: false });
  });

  it('ignore unknown toggles and values that are not booleans', () => {
    const toggles = resolveFeatureToggles({ new_registrations: 'no', made_up: true });
    expect(toggles).toEqual(DEFAULT_FEATURE_TOGGLES);
    expect(toggles).not.toHaveProperty('made_up');
  });
});
