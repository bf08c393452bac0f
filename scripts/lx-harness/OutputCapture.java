import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.stream.JsonWriter;
import heronarts.lx.LX;
import heronarts.lx.LXEngine;
import heronarts.lx.output.LXDatagram;
import heronarts.lx.structure.JsonFixture;
import heronarts.lx.structure.LXFixture;

import java.io.File;
import java.io.FileWriter;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Renders an LX project with the golden stepping protocol (see GoldenRender) and records every
 * packet LX's outputs send, frame by frame:
 *
 *   java -cp CP OutputCapture --lxp F.lxp --media DIR --out F.packets.json [--frames 6] [--tcp-param NAME [--tcp-messages 1]]
 *
 * UDP: LX sends every datagram through one shared DatagramSocket (LXDatagram's default socket).
 * This harness puts a socket of its own in that place: it notes the destination LX chose, then
 * sends the same bytes over real UDP to a receiver on 127.0.0.1 and records what arrived. Nothing
 * leaves the machine and no well-known port is bound.
 * TCP (OPC): a server on 127.0.0.1 (ephemeral port) accepts LX's OPCSocket; every JSON fixture
 * declaring the int parameter named by --tcp-param is pointed at that port before frame 0; each
 * frame waits for --tcp-messages whole OPC messages on it.
 *
 * The JSON holds, per frame, LX's main buffer (ARGB little-endian, base64) and the packets in
 * send order ({dest, transport, hex}); and the warnings of every JSON fixture and the structure's
 * output error after loading.
 */
public class OutputCapture {

  private static final class Packet {
    final String dest;
    final String transport;
    final byte[] bytes;

    Packet(String dest, String transport, byte[] bytes) {
      this.dest = dest;
      this.transport = transport;
      this.bytes = bytes;
    }
  }

  /** Stands in for LX's shared datagram socket: forwards each datagram to the receiver and keeps what arrived. */
  private static final class Recorder extends DatagramSocket {
    final DatagramSocket receiver;
    final List<Packet> packets = new ArrayList<>();

    Recorder(DatagramSocket receiver) throws IOException {
      super(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      this.receiver = receiver;
    }

    @Override
    public synchronized void send(DatagramPacket p) throws IOException {
      final String dest = p.getAddress().getHostAddress() + ":" + p.getPort();
      super.send(new DatagramPacket(p.getData(), p.getOffset(), p.getLength(), receiver.getLocalSocketAddress()));
      final DatagramPacket in = new DatagramPacket(new byte[70000], 70000);
      this.receiver.receive(in);
      final byte[] got = new byte[in.getLength()];
      System.arraycopy(in.getData(), in.getOffset(), got, 0, in.getLength());
      this.packets.add(new Packet(dest, "udp", got));
    }
  }

  public static void main(String[] args) throws Exception {
    String lxp = null, out = null, media = null, tcpParam = null;
    int frames = 6, tcpMessages = 1;
    for (int i = 0; i < args.length; ++i) {
      switch (args[i]) {
        case "--lxp": lxp = args[++i]; break;
        case "--out": out = args[++i]; break;
        case "--media": media = args[++i]; break;
        case "--frames": frames = Integer.parseInt(args[++i]); break;
        case "--tcp-param": tcpParam = args[++i]; break;
        case "--tcp-messages": tcpMessages = Integer.parseInt(args[++i]); break;
        default: throw new IllegalArgumentException("unknown arg " + args[i]);
      }
    }

    final DatagramSocket receiver = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    receiver.setSoTimeout(2000);
    receiver.setReceiveBufferSize(1 << 20);
    final Recorder recorder = new Recorder(receiver);
    final Field socketField = LXDatagram.class.getDeclaredField("defaultSocket");
    socketField.setAccessible(true);
    socketField.set(null, recorder);

    final ServerSocket server = new ServerSocket();
    server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    final List<byte[]> tcpChunks = new ArrayList<>();
    final Object tcpLock = new Object();
    final Thread acceptor = new Thread(() -> {
      try {
        while (true) {
          final Socket s = server.accept();
          final Thread reader = new Thread(() -> {
            try (InputStream in = s.getInputStream()) {
              final byte[] buf = new byte[70000];
              int n;
              while ((n = in.read(buf)) > 0) {
                final byte[] chunk = new byte[n];
                System.arraycopy(buf, 0, chunk, 0, n);
                synchronized (tcpLock) { tcpChunks.add(chunk); }
              }
            } catch (IOException ignored) {
            }
          });
          reader.setDaemon(true);
          reader.start();
        }
      } catch (IOException ignored) {
      }
    });
    acceptor.setDaemon(true);
    acceptor.start();

    LX.Flags flags = new LX.Flags();
    flags.loadPreferences = false;
    flags.autosave = false;
    flags.mediaPath = new File(media).getAbsolutePath();
    final LX lx = new LX(flags);
    lx.engine.nowMillis = 0;
    lx.openProject(new File(lxp));
    while (lx.getError() != null) { System.err.println("LX error: " + lx.getError().message); lx.popError(); }

    if (tcpParam != null) {
      for (LXFixture f : lx.structure.fixtures) {
        if (!(f instanceof JsonFixture)) continue;
        for (JsonFixture.ParameterDefinition d : ((JsonFixture) f).getJsonParameters()) {
          if (d.name.equals(tcpParam)) d.parameter.setValue(server.getLocalPort());
        }
      }
    }

    final JsonArray warnings = new JsonArray();
    for (LXFixture f : lx.structure.fixtures) {
      if (!(f instanceof JsonFixture)) continue;
      final JsonObject w = new JsonObject();
      w.addProperty("fixture", f.getLabel());
      final JsonArray list = new JsonArray();
      for (String s : ((JsonFixture) f).warnings) list.add(s);
      w.add("warnings", list);
      warnings.add(w);
    }

    final double deltaMs = 1000.0 / 60;
    lx.engine.setFixedDeltaMs(deltaMs);
    final long[] now = new long[1];
    lx.engine.addLoopTask(dt -> { lx.engine.nowMillis = now[0]; });

    final LXEngine.Frame frame = new LXEngine.Frame(lx);
    final int n = lx.getModel().size;
    final JsonArray frameArr = new JsonArray();
    for (int k = 0; k < frames; ++k) {
      now[0] = ((long) (k + 1) * 1000L) / 60L;
      recorder.packets.clear();
      lx.engine.run();
      lx.engine.copyFrameThreadSafe(frame);
      // TCP bytes of this frame: LX writes them before run() returns; wait for the expected
      // whole OPC messages to arrive, then for the stream to stay quiet.
      final List<Packet> tcp = new ArrayList<>();
      if (tcpParam != null) {
        final ByteBuffer stream = ByteBuffer.allocate(1 << 20);
        final long deadline = System.currentTimeMillis() + 5000;
        long quietSince = System.currentTimeMillis();
        while (System.currentTimeMillis() < deadline
          && (opcMessages(stream).size() < tcpMessages || System.currentTimeMillis() - quietSince < 100)) {
          synchronized (tcpLock) {
            if (!tcpChunks.isEmpty()) {
              for (byte[] c : tcpChunks) stream.put(c);
              tcpChunks.clear();
              quietSince = System.currentTimeMillis();
            }
          }
          Thread.sleep(5);
        }
        final List<byte[]> messages = opcMessages(stream);
        if (messages.size() != tcpMessages) throw new IllegalStateException("frame " + k + ": " + messages.size() + " OPC messages on TCP, expected " + tcpMessages);
        for (byte[] msg : messages) tcp.add(new Packet("127.0.0.1:" + tcpParam, "tcp", msg));
      }
      final ByteBuffer bb = ByteBuffer.allocate(n * 4).order(ByteOrder.LITTLE_ENDIAN);
      for (int c : frame.getMain()) bb.putInt(c);
      final JsonObject fo = new JsonObject();
      fo.addProperty("index", k);
      fo.addProperty("nowMillis", now[0]);
      fo.addProperty("argb", Base64.getEncoder().encodeToString(bb.array()));
      final JsonArray packets = new JsonArray();
      final List<Packet> all = new ArrayList<>(recorder.packets);
      all.addAll(tcp);
      for (Packet p : all) {
        final JsonObject po = new JsonObject();
        po.addProperty("dest", p.dest);
        po.addProperty("transport", p.transport);
        po.addProperty("hex", hex(p.bytes));
        packets.add(po);
      }
      fo.add("packets", packets);
      frameArr.add(fo);
    }

    final JsonObject root = new JsonObject();
    root.addProperty("lxVersion", LX.VERSION);
    root.addProperty("project", new File(lxp).getName());
    root.addProperty("deltaMs", deltaMs);
    root.addProperty("clock", "engine.nowMillis = 0 before openProject; during frame k nowMillis = floor((k+1)*1000/60)");
    root.addProperty("points", n);
    root.addProperty("tcpParam", tcpParam);
    root.add("fixtureWarnings", warnings);
    root.addProperty("outputError", lx.structure.outputError.getString());
    root.add("frames", frameArr);
    try (JsonWriter w = new JsonWriter(new FileWriter(out))) {
      w.setIndent(" ");
      new GsonBuilder().disableHtmlEscaping().create().toJson(root, w);
    }
    int count = 0;
    for (int k = 0; k < frameArr.size(); ++k) count += frameArr.get(k).getAsJsonObject().getAsJsonArray("packets").size();
    System.out.println("frames " + frames + " packets " + count + " points " + n);
    System.exit(0);
  }

  /** The whole OPC messages written to `stream` so far (header: channel, command, 16-bit length). */
  static List<byte[]> opcMessages(ByteBuffer stream) {
    final List<byte[]> out = new ArrayList<>();
    int at = 0;
    final int end = stream.position();
    while (end - at >= 4) {
      final int len = 4 + (((stream.get(at + 2) & 0xff) << 8) | (stream.get(at + 3) & 0xff));
      if (end - at < len) break;
      final byte[] msg = new byte[len];
      for (int i = 0; i < len; ++i) msg[i] = stream.get(at + i);
      out.add(msg);
      at += len;
    }
    return out;
  }

  static String hex(byte[] b) {
    final StringBuilder sb = new StringBuilder();
    for (byte x : b) sb.append(String.format("%02x", x));
    return sb.toString();
  }
}
