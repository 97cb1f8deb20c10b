import { firstScreenComponents, type SourceFiles } from '../antd-styles.cjs';

// A small app's sources, as the build would read them from /app: file name → source.
function anApp(files: Record<string, string>): SourceFiles {
  const source = (file: string) => files[file.replace(/^\/app\//, '')];
  return {
    read: (file) => source(file) ?? '',
    isFile: (file) => source(file) !== undefined,
  };
}

describe('the first screens’ styles (the part of antd’s stylesheet the HTML links)', () => {
  it('hold what the start-up code and the first-screen pages draw, lazily loaded parts included, and not what other pages draw', () => {
    const sources = anApp({
      'src/main.tsx': "import { Shell } from './app/Shell';\nimport type { SelectProps } from 'antd/es/select';\nimport './app/routes';\n",
      'src/app/Shell.tsx': "import Button from 'antd/es/button';\nconst Dialog = lazy(() => import('./Dialog'));\n",
      'src/app/Dialog.tsx': "import Modal from 'antd/es/modal';\nimport { Form } from 'antd/es/form';\n",
      'src/app/routes.tsx': [
        "const Landing = firstScreenPage(() => import('../pages/Landing'), ['pages']);",
        "const Reports = page(() => import('../pages/Reports'));",
      ].join('\n'),
      'src/pages/Landing.tsx': "import {\n  Typography,\n} from 'antd/es/typography';\nexport { Flex } from 'antd/es/flex';\n",
      'src/pages/Reports.tsx': "import Table from 'antd/es/table';\n",
    });

    const components = firstScreenComponents('/app', { sources });

    // Form brings the grid it lays its items on; Typography the Tooltip of its ellipsis.
    expect(components).toEqual(expect.arrayContaining(['Button', 'Modal', 'Form', 'Row', 'Col', 'Typography', 'Tooltip', 'Flex']));
    expect(components).not.toContain('Table');
    expect(components).not.toContain('Select');
  });

  it('in this app: what the landing page and sign-in draw, not the back office’s tables', () => {
    const components = firstScreenComponents();

    expect(components).toEqual(expect.arrayContaining(['Button', 'Input', 'Flex']));
    expect(components).not.toContain('Table');
    expect(components).not.toContain('DatePicker');
  });
});
