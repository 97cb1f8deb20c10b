const runtime = jest.fn();
jest.mock('testcontainers', () => ({ ...jest.requireActual('testcontainers'), getContainerRuntimeClient: () => runtime() }));

describe('where test infrastructure comes from', () => {
  const forced = process.env.TEST_INFRASTRUCTURE;

  beforeEach(() => {
    jest.resetModules();
    runtime.mockReset();
    delete process.env.TEST_INFRASTRUCTURE;
  });

  afterAll(() => {
    if (forced === undefined) delete process.env.TEST_INFRASTRUCTURE;
    else process.env.TEST_INFRASTRUCTURE = forced;
  });

  const source = () => (require('./container-servers') as typeof import('./container-servers')).infrastructureSource();

  it('uses containers when a container engine answers', async () => {
    runtime.mockResolvedValue({});
    await expect(source()).resolves.toBe('containers');
  });

  it('falls back to the local servers when no container engine answers', async () => {
    runtime.mockRejectedValue(new Error('Could not find a working container runtime strategy'));
    await expect(source()).resolves.toBe('local');
  });

  it('obeys TEST_INFRASTRUCTURE', async () => {
    runtime.mockResolvedValue({});
    process.env.TEST_INFRASTRUCTURE = 'local';
    await expect(source()).resolves.toBe('local');
    expect(runtime).not.toHaveBeenCalled();
  });
});
