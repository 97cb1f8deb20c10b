// Web app unit tests: the workspace preset (ts-jest, @portal/* mapped to lib sources) in a
// browser-like environment. antd is imported per component from its ES build; Jest runs
// CommonJS, so those imports are pointed at antd's equivalent CommonJS build.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const preset = createRequire(import.meta.url)('../../jest.preset.js');

export default {
  ...preset,
  displayName: 'web',
  rootDir: here,
  testEnvironment: '<rootDir>/src/test/jsdom-environment.cjs',
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/src/test/i18n.cjs', '<rootDir>/src/test/setup.ts'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^antd/es/(.*)$': 'antd/lib/$1',
    '\\.css$': path.join(here, 'src/test/style-stub.cjs'),
  },
};
