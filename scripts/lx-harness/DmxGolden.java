import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import heronarts.lx.LX;
import heronarts.lx.LXEngine;
import heronarts.lx.color.LXDynamicColor;
import heronarts.lx.color.LXSwatch;
import heronarts.lx.color.LinkedColorParameter;
import heronarts.lx.dmx.DmxColorModulator;
import heronarts.lx.dmx.DmxModulator;
import heronarts.lx.dmx.DmxPattern;
import heronarts.lx.dmx.LXDmxEngine;
import heronarts.lx.mixer.LXAbstractChannel;
import heronarts.lx.mixer.LXChannel;
import heronarts.lx.mixer.LXPatternEngine;
import heronarts.lx.modulation.LXCompoundModulation;
import heronarts.lx.modulation.LXTriggerModulation;
import heronarts.lx.modulator.LXModulator;
import heronarts.lx.pattern.LXPattern;
import heronarts.lx.pattern.color.SolidPattern;
import heronarts.lx.structure.GridFixture;

import java.io.File;
import java.io.FileWriter;
import java.lang.reflect.Field;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Asks LX 1.2.1 how its DMX devices behave, for Footlight's golden data (test/golden/lx-1.2.1-dmx).
 *
 *   java -cp CP:HARNESS DmxGolden OUTDIR
 *
 * 1. Builds the scene dmx_devices with LX's API and saves it with LX.saveProject (dmx_devices.lxp).
 * 2. A fresh LX opens that file and renders 60 frames with the golden stepping protocol; before
 *    frame k it writes the scheduled universes into LXDmxEngine's buffer (reflection: LX fills it
 *    only from its Art-Net thread). Records Frame.main, each modulator's value, rangeActive and
 *    color, the live swatch and channel 1's enabled flag, then saves (dmx_devices.after.lxp).
 * 3. API probes: DMX modulator parameter interactions on fresh instances.
 * 4. Receiver probes: LX's own Art-Net receiver bound to 127.0.0.1 gets ArtDmx packets built here
 *    from the Art-Net specification; records what lands in the buffer.
 * Writes dmx_devices.golden.json (inputs and answers) and prints its summary.
 */
public class DmxGolden {

  static final int FRAMES = 60;
  static final double DELTA = 1000.0 / 60;

  public static void main(String[] args) throws Exception {
    File out = new File(args[0]);
    out.mkdirs();
    File lxp = new File(out, "dmx_devices.lxp");
    build(lxp);
    JsonObject root = new JsonObject();
    root.addProperty("lxVersion", LX.VERSION);
    root.addProperty("project", lxp.getName());
    root.addProperty("deltaMs", DELTA);
    root.addProperty("frameCount", FRAMES);
    root.addProperty("clock", "engine.nowMillis = 0 before openProject; during frame k nowMillis = floor((k+1)*1000/60)");
    root.addProperty("writes", "before frame k runs, each write with frame == k copies its bytes into LXDmxEngine's buffer at [universe][offset..]");
    root.addProperty("buffer", "frames: LXEngine.Frame.main after engine.run() (ARGB little-endian per point, base64)");
    render(lxp, new File(out, "dmx_devices.after.lxp"), root);
    root.add("apiProbes", apiProbes());
    root.add("receiverProbes", receiverProbes());
    try (FileWriter w = new FileWriter(new File(out, "dmx_devices.golden.json"))) {
      new GsonBuilder().disableHtmlEscaping().setPrettyPrinting().create().toJson(root, w);
    }
    System.out.println("wrote " + out + " (" + root.getAsJsonArray("frames").size() + " frames)");
    System.exit(0);
  }

  static LX newLX() {
    LX.Flags flags = new LX.Flags();
    flags.loadPreferences = false;
    flags.autosave = false;
    return new LX(flags);
  }

  // ---- 1. the scene ----------------------------------------------------------------------------

  static void build(File lxp) throws Exception {
    LX lx = newLX();
    GridFixture grid = new GridFixture(lx);
    grid.numRows.setValue(10);
    grid.numColumns.setValue(20);
    lx.structure.addFixture(grid);

    // Channel 1: 200 points from universe 1 (170 per universe), the last 30 from universe 2.
    DmxPattern desk = new DmxPattern(lx);
    desk.universe.setValue(1);
    LXChannel ch1 = lx.engine.mixer.addChannel(new LXPattern[] { desk });
    ch1.label.setValue("Desk");
    ch1.fader.setValue(1);

    // Channel 2 in blend mode: GRB from universe 5, then BGR from universe 511 channel 300, which
    // covers 70 points and stops (no universe 512): the other points keep what the shared buffer held.
    DmxPattern a = new DmxPattern(lx);
    a.universe.setValue(5);
    a.byteOrder.setValue(LXDmxEngine.ByteOrder.GRB);
    DmxPattern b = new DmxPattern(lx);
    b.universe.setValue(511);
    b.channel.setValue(300);
    b.byteOrder.setValue(LXDmxEngine.ByteOrder.BGR);
    LXChannel ch2 = lx.engine.mixer.addChannel(new LXPattern[] { a, b });
    ch2.label.setValue("Layers");
    ch2.patternEngine.compositeMode.setValue(LXPatternEngine.CompositeMode.BLEND);
    ch2.fader.setValue(0);

    // Channel 3: a palette-linked Solid showing swatch color 3, which DMX Color writes.
    SolidPattern solid = new SolidPattern(lx);
    solid.color.mode.setValue(LinkedColorParameter.Mode.PALETTE);
    solid.color.index.setValue(3);
    LXChannel ch3 = lx.engine.mixer.addChannel(new LXPattern[] { solid });
    ch3.label.setValue("Palette");
    ch3.fader.setValue(0);

    DmxModulator fader = new DmxModulator("Fader");
    lx.engine.modulation.addModulator(fader);
    DmxModulator fine = new DmxModulator("Fine");
    fine.mode.setValue(DmxModulator.Mode.CHANNEL_16);
    fine.channel.setValue(1);
    lx.engine.modulation.addModulator(fine);
    DmxModulator range = new DmxModulator("Window");
    range.mode.setValue(DmxModulator.Mode.RANGE);
    range.channel.setValue(3);
    range.min.setValue(64);
    range.max.setValue(191);
    lx.engine.modulation.addModulator(range);
    DmxColorModulator color = new DmxColorModulator("Desk Color");
    color.channel.setValue(10);
    color.updatePalette.setValue(true);
    color.paletteIndex.setValue(3);
    lx.engine.modulation.addModulator(color);
    DmxColorModulator probe = new DmxColorModulator("Probe");
    probe.universe.setValue(2);
    probe.channel.setValue(507);
    probe.byteOrder.setValue(LXDmxEngine.ByteOrder.BRG);
    lx.engine.modulation.addModulator(probe);

    // LX's UI starts a modulator it adds (the AddModulator command); the API leaves that to the caller.
    for (LXModulator m : new LXModulator[] { fader, fine, range, color, probe }) m.start();
    modulate(lx, fader, ch2.fader, 1);
    modulate(lx, fine, ch3.fader, 1);
    modulate(lx, range, desk.compositeLevel, -0.5);
    lx.engine.modulation.addTrigger(new LXTriggerModulation(lx.engine.modulation, range.rangeActive, ch1.cueActive));
    lx.saveProject(lxp);
  }

  static void modulate(LX lx, LXModulator source, heronarts.lx.parameter.CompoundParameter target, double amount) throws Exception {
    LXCompoundModulation m = new LXCompoundModulation(lx.engine.modulation, (heronarts.lx.parameter.LXNormalizedParameter) source, target);
    m.range.setValue(amount);
    lx.engine.modulation.addModulation(m);
  }

  // ---- 2. the render ---------------------------------------------------------------------------

  /** The bytes written before frame k: universe 0's first 16 channels every frame, four full universes every 5 frames. */
  static List<int[]> writesFor(int k) {
    List<int[]> writes = new ArrayList<>();
    int[] u0 = new int[18];
    u0[0] = 0;
    u0[1] = 0;
    u0[2] = (k * 9) & 0xff;
    int v = (k * 1117 + 300) & 0xffff;
    u0[3] = v >> 8;
    u0[4] = v & 0xff;
    u0[5] = (k * 11) & 0xff;
    int r = (k * 37) & 0xff, g = (k * 71 + 20) & 0xff, bl = (255 - k * 5) & 0xff;
    if (k == 30) { r = 0; g = 0; bl = 0; }      // black: hue and saturation keep their values
    if (k == 31) { r = 90; g = 90; bl = 90; }   // gray: saturation 0, hue kept
    u0[12] = r;
    u0[13] = g;
    u0[14] = bl;
    u0[15] = k;
    u0[16] = k;
    u0[17] = k;
    writes.add(u0);
    if (k % 5 == 0) {
      for (int u : new int[] { 1, 2, 5, 511 }) {
        int[] w = new int[2 + 512];
        w[0] = u;
        w[1] = 0;
        int x = k * 1000 + u;
        for (int c = 0; c < 512; ++c) {
          x = x * 1103515245 + 12345;
          w[2 + c] = (x >>> 16) & 0xff;
        }
        writes.add(w);
      }
    }
    return writes;
  }

  static void render(File lxp, File after, JsonObject root) throws Exception {
    LX lx = newLX();
    lx.engine.nowMillis = 0;
    lx.openProject(lxp);
    while (lx.getError() != null) { System.err.println("LX error: " + lx.getError().message); lx.popError(); }
    lx.engine.setFixedDeltaMs(DELTA);
    final long[] now = new long[1];
    lx.engine.addLoopTask(dt -> lx.engine.nowMillis = now[0]);
    Field f = LXDmxEngine.class.getDeclaredField("data");
    f.setAccessible(true);
    byte[][] data = (byte[][]) f.get(lx.engine.dmx);

    LXEngine.Frame frame = new LXEngine.Frame(lx);
    int n = lx.getModel().size;
    ByteBuffer bb = ByteBuffer.allocate(n * 4).order(ByteOrder.LITTLE_ENDIAN);
    JsonArray writes = new JsonArray();
    JsonArray frames = new JsonArray();
    for (int k = 0; k < FRAMES; ++k) {
      for (int[] w : writesFor(k)) {
        byte[] bytes = new byte[w.length - 2];
        for (int i = 0; i < bytes.length; ++i) bytes[i] = (byte) w[2 + i];
        System.arraycopy(bytes, 0, data[w[0]], w[1], bytes.length);
        JsonObject wo = new JsonObject();
        wo.addProperty("frame", k);
        wo.addProperty("universe", w[0]);
        wo.addProperty("offset", w[1]);
        wo.addProperty("data", Base64.getEncoder().encodeToString(bytes));
        writes.add(wo);
      }
      now[0] = ((long) (k + 1) * 1000L) / 60L;
      lx.engine.run();
      lx.engine.copyFrameThreadSafe(frame);
      bb.clear();
      for (int c : frame.getMain()) bb.putInt(c);
      JsonObject fo = new JsonObject();
      fo.addProperty("index", k);
      fo.addProperty("argb", Base64.getEncoder().encodeToString(bb.array().clone()));
      JsonArray mods = new JsonArray();
      for (LXModulator m : lx.engine.modulation.modulators) {
        JsonObject mo = new JsonObject();
        mo.addProperty("label", m.getLabel());
        if (m instanceof DmxModulator d) {
          mo.addProperty("value", d.getValue());
          mo.addProperty("rangeActive", d.rangeActive.isOn());
          mo.addProperty("channel", d.channel.getValuei());
        } else if (m instanceof DmxColorModulator c) {
          mo.addProperty("color", Integer.toUnsignedLong(c.getColor()));
          mo.addProperty("hue", c.color.hue.getValue());
          mo.addProperty("saturation", c.color.saturation.getValue());
          mo.addProperty("brightness", c.color.brightness.getValue());
        }
        mods.add(mo);
      }
      fo.add("modulators", mods);
      JsonArray swatch = new JsonArray();
      LXSwatch s = lx.engine.palette.swatch;
      for (LXDynamicColor dc : s.colors) {
        JsonObject co = new JsonObject();
        co.addProperty("color", Integer.toUnsignedLong(dc.primary.getColor()));
        co.addProperty("mode", dc.mode.getEnum().name());
        co.addProperty("hue", dc.primary.hue.getValue());
        co.addProperty("saturation", dc.primary.saturation.getValue());
        co.addProperty("brightness", dc.primary.brightness.getValue());
        swatch.add(co);
      }
      fo.add("swatch", swatch);
      LXAbstractChannel ch1 = lx.engine.mixer.channels.get(0);
      fo.addProperty("deskCueActive", ch1.cueActive.isOn());
      frames.add(fo);
    }
    root.addProperty("points", n);
    root.add("dmx", writes);
    root.add("frames", frames);
    lx.saveProject(after);
  }

  // ---- 3. API probes ---------------------------------------------------------------------------

  static JsonArray apiProbes() {
    LX lx = newLX();
    JsonArray out = new JsonArray();
    DmxModulator m = new DmxModulator();
    lx.engine.modulation.addModulator(m);
    m.channel.setValue(511);
    m.rangeActive.setValue(true);
    m.mode.setValue(DmxModulator.Mode.CHANNEL_16);
    out.add(probe("channel 511, then mode 16-bit", "channel", m.channel.getValuei(), "channelMax", m.channel.getMaxValue(), "rangeActive", m.rangeActive.isOn() ? 1 : 0));
    m.mode.setValue(DmxModulator.Mode.RANGE);
    out.add(probe("then mode Range", "channel", m.channel.getValuei(), "channelMax", m.channel.getMaxValue(), "rangeActive", 0));
    m.max.setValue(10);
    m.min.setValue(20);
    out.add(probe("max 10, then min 20", "min", m.min.getValuei(), "max", m.max.getValuei()));
    m.max.setValue(5);
    out.add(probe("then max 5", "min", m.min.getValuei(), "max", m.max.getValuei()));
    DmxColorModulator c = new DmxColorModulator();
    lx.engine.modulation.addModulator(c);
    out.add(probe("DMX Color defaults", "channelMax", c.channel.getMaxValue(), "universeMax", c.universe.getMaxValue(), "mappingSource", c.isMappingSource() ? 1 : 0));
    out.add(probe("DMX Channel defaults", "mappingSource", m.isMappingSource() ? 1 : 0, "labelIsDMX", new DmxModulator().getLabel().equals("DMX") ? 1 : 0));
    return out;
  }

  static JsonObject probe(String what, Object... kv) {
    JsonObject o = new JsonObject();
    o.addProperty("what", what);
    for (int i = 0; i < kv.length; i += 2) o.addProperty((String) kv[i], (Number) kv[i + 1]);
    return o;
  }

  // ---- 4. LX's Art-Net receiver ----------------------------------------------------------------

  /** An ArtDmx packet from the Art-Net 4 specification: ID, OpDmx 0x5000 LE, ProtVer, Sequence, Physical, SubUni, Net, Length BE, data. */
  static byte[] artDmx(int portAddress, int protVer, int lengthField, byte[] data) {
    byte[] p = new byte[18 + data.length];
    byte[] id = "Art-Net\0".getBytes();
    System.arraycopy(id, 0, p, 0, 8);
    p[8] = 0x00;
    p[9] = 0x50;
    p[10] = (byte) (protVer >> 8);
    p[11] = (byte) protVer;
    p[14] = (byte) (portAddress & 0xff);
    p[15] = (byte) ((portAddress >> 8) & 0x7f);
    p[16] = (byte) (lengthField >> 8);
    p[17] = (byte) lengthField;
    System.arraycopy(data, 0, p, 18, data.length);
    return p;
  }

  static byte[] fill(int n, int v) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; ++i) b[i] = (byte) v;
    return b;
  }

  static JsonArray receiverProbes() throws Exception {
    LX lx = newLX();
    int port;
    try (DatagramSocket s = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    lx.engine.dmx.artNetReceiveHost.setValue("127.0.0.1");
    lx.engine.dmx.artNetReceivePort.setValue(port);
    lx.engine.dmx.artNetReceiveActive.setValue(true);
    JsonArray out = new JsonArray();
    try (DatagramSocket tx = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"))) {
      Sender send = new Sender(lx, tx, port);
      send.packet(artDmx(7, 14, 512, fill(512, 0xaa)));
      send.packet(artDmx(7, 14, 4, new byte[] { 1, 2, 3, 4 }));
      out.add(read(lx, "universe 7: 512 × 0xAA, then a 4-byte packet", 7, 8));
      send.packet(artDmx(8, 14, 3, new byte[] { 9, 8, 7 }));
      out.add(read(lx, "universe 8: an odd length of 3", 8, 4));
      send.packet(artDmx(0x0113, 14, 2, new byte[] { 42, 43 }));
      out.add(read(lx, "Net 1, SubUni 0x13: port-address 275", 275, 2));
      send.packet(artDmx(9, 0, 2, new byte[] { 5, 6 }));
      out.add(read(lx, "universe 9 with ProtVer 0", 9, 2));
      send.packet(artDmx(10, 14, 512, new byte[] { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }));
      out.add(read(lx, "universe 10: Length 512 but 10 bytes present", 10, 2));
      send.packet(artDmx(11, 14, 600, fill(600, 0x33)));
      out.add(read(lx, "universe 11: Length 600", 11, 2));
      send.packet(artDmx(12, 14, 0, new byte[] { 7, 7 }));
      out.add(read(lx, "universe 12: Length 0 with 2 bytes present", 12, 2));
      byte[] bad = artDmx(13, 14, 2, new byte[] { 8, 8 });
      bad[0] = 'X';
      send.packet(bad);
      out.add(read(lx, "universe 13: wrong ID", 13, 2));
      send.packet(artDmx(512, 14, 2, new byte[] { 9, 9 }));
      out.add(read(lx, "port-address 512 (out of LX's 512 universes): universe 0 afterwards", 0, 2));
    }
    lx.engine.dmx.artNetReceiveActive.setValue(false);
    return out;
  }

  /** Sends a packet, then a marker packet to universe 500 and waits until the marker lands: the receiver handles packets in order. */
  static class Sender {
    final LX lx;
    final DatagramSocket socket;
    final int port;
    int marker = 0;
    Sender(LX lx, DatagramSocket socket, int port) { this.lx = lx; this.socket = socket; this.port = port; }
    void packet(byte[] p) throws Exception {
      InetAddress lo = InetAddress.getByName("127.0.0.1");
      socket.send(new DatagramPacket(p, p.length, lo, port));
      marker = (marker + 1) & 0xff;
      byte[] m = artDmx(500, 14, 2, new byte[] { (byte) marker, 0 });
      for (int tries = 0; tries < 400; ++tries) {
        socket.send(new DatagramPacket(m, m.length, lo, port));
        Thread.sleep(5);
        if (lx.engine.dmx.getValuei(500, 0) == marker) return;
      }
      throw new IllegalStateException("LX's Art-Net receiver did not answer on port " + port);
    }
  }

  static JsonObject read(LX lx, String what, int universe, int n) {
    JsonObject o = new JsonObject();
    o.addProperty("what", what);
    o.addProperty("universe", universe);
    JsonArray bytes = new JsonArray();
    for (int c = 0; c < n; ++c) bytes.add(lx.engine.dmx.getValuei(universe, c));
    o.add("bytes", bytes);
    return o;
  }
}
