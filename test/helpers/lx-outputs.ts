// The fixture-output scene of test/golden/lx-outputs opened in a running Footlight, with every
// destination it sends to redirected to ephemeral loopback receivers: the standard ports through
// `outputPorts`, the explicit ones through the .lxf parameters that set them (set_fixture_params).
import type { TestContext } from 'node:test';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { udpCapture } from './pcap.js';
import { startShow, type TestShow } from './show.js';

export const LX_OUTPUTS_DIR = fileURLToPath(new URL('../golden/lx-outputs/', import.meta.url));

type Capture = Awaited<ReturnType<typeof udpCapture>>;

export interface OutputsShow {
  readonly show: TestShow;
  readonly caps: {
    readonly artnet: Capture;
    readonly sacn: Capture;
    readonly ddp: Capture;
    readonly kinet: Capture;
    readonly artPort: Capture;
    readonly opcUdp: Capture;
  };
  readonly tcpPort: number;
  /** The canonical path of the fixture labelled `label`. */
  path(label: string): string;
}

export async function startOutputsShow(t: TestContext, options: { realtime?: boolean } = {}): Promise<OutputsShow> {
  const caps = {
    artnet: await udpCapture(),
    sacn: await udpCapture(),
    ddp: await udpCapture(),
    kinet: await udpCapture(),
    artPort: await udpCapture(),
    opcUdp: await udpCapture(),
  };
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => {
    sockets.push(s);
    s.on('data', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const tcpPort = (server.address() as net.AddressInfo).port;
  t.after(async () => {
    for (const c of Object.values(caps)) await c.close();
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });
  const show = await startShow(t, {
    project: `${LX_OUTPUTS_DIR}outputs.lxp`,
    media: `${LX_OUTPUTS_DIR}media`,
    realtime: options.realtime ?? false,
    outputPorts: { artnet: caps.artnet.port, sacn: caps.sacn.port, ddp: caps.ddp.port, kinet: caps.kinet.port },
  });
  const path = (label: string): string => {
    const f = show.app.light.structure.fixtures.items.find((x) => x.label.getString() === label);
    if (f === undefined) throw new Error(`no fixture labelled ${label}`);
    return f.path;
  };
  await show.call('set_fixture_params', { path: path('Grid'), params: { artPort: caps.artPort.port } });
  await show.call('set_fixture_params', { path: path('OPC'), params: { udpPort: caps.opcUdp.port, tcpPort } });
  return { show, caps, tcpPort, path };
}
