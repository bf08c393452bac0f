import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import heronarts.lx.LX;
import heronarts.lx.clip.LXClip;
import heronarts.lx.color.LXDynamicColor;
import heronarts.lx.color.LXSwatch;
import heronarts.lx.mixer.LXChannel;
import heronarts.lx.modulation.LXCompoundModulation;
import heronarts.lx.modulator.VariableLFO;
import heronarts.lx.parameter.CompoundParameter;
import heronarts.lx.parameter.LXNormalizedParameter;
import heronarts.lx.pattern.LXPattern;
import heronarts.lx.pattern.color.GradientPattern;
import heronarts.lx.pattern.color.SolidPattern;
import heronarts.lx.pattern.texture.NoisePattern;
import heronarts.lx.structure.GridFixture;

import java.io.File;

/**
 * Builds the scenes of test/golden/lx-scenes/clips with LX 1.2.1's API and saves each with
 * LX.saveProject (a fresh LX per scene), its clips launched so they are saved running.
 * Clip timing and lanes are given to LXClip.load as JSON (the way LX itself loads a clip);
 * everything else is built with the API. GoldenRender then renders the saved files.
 *
 *   java -cp CP ClipScenes OUTDIR
 */
public class ClipScenes {

  public static void main(String[] args) throws Exception {
    try {
      build(new File(args[0]));
    } catch (Throwable t) {
      t.printStackTrace();
    } finally {
      System.exit(0); // LX's threads would keep a failed build alive
    }
  }

  static void build(File out) throws Exception {
    out.mkdirs();
    clipsPaletteLfo(new File(out, "clips_palette_lfo.lxp"));
    clipsTempoGroup(new File(out, "clips_tempo_group.lxp"));
    clipsMasterTrigger(new File(out, "clips_master_trigger.lxp"));
  }

  static LX newLX() {
    LX.Flags flags = new LX.Flags();
    flags.loadPreferences = false;
    flags.autosave = false;
    LX lx = new LX(flags);
    lx.engine.nowMillis = 0;
    GridFixture grid = new GridFixture(lx);
    grid.numRows.setValue(12);
    grid.numColumns.setValue(16);
    lx.structure.addFixture(grid);
    return lx;
  }

  static void save(LX lx, File f) {
    lx.saveProject(f);
    System.out.println("saved " + f + " points " + lx.getModel().size);
    lx.dispose();
  }

  /** The reference tempo the cursors below are written for (a clip takes the tempo when created). */
  static double bpm = 120;

  /** A cursor at a millis value that is a whole number of 1/8 beats at the reference tempo. */
  static JsonObject cursor(double millis) {
    JsonObject c = new JsonObject();
    double beats = millis * bpm / 60000;
    int count = (int) Math.floor(beats);
    c.addProperty("millis", millis);
    c.addProperty("beatCount", count);
    c.addProperty("beatBasis", beats - count);
    return c;
  }

  static void marker(JsonObject params, String name, double millis) {
    JsonObject c = cursor(millis);
    params.addProperty(name + "/millis", c.get("millis").getAsDouble());
    params.addProperty(name + "/beatCount", c.get("beatCount").getAsInt());
    params.addProperty(name + "/beatBasis", c.get("beatBasis").getAsDouble());
  }

  /** ABSOLUTE time base, automation on; loopStart/loopLength only matter when loop is on. */
  static JsonObject clipJson(String label, boolean loop, double length, double loopStart, double loopLength) {
    JsonObject p = new JsonObject();
    p.addProperty("label", label);
    p.addProperty("timeBase", 0);
    p.addProperty("loop", loop);
    marker(p, "length", length);
    marker(p, "loopStart", loopStart);
    marker(p, "loopLength", loopLength);
    marker(p, "playStart", 0);
    marker(p, "playEnd", length);
    p.addProperty("automationEnabled", true);
    JsonObject clip = new JsonObject();
    clip.add("parameters", p);
    clip.add("parameterLanes", new JsonArray());
    return clip;
  }

  /** A pattern lane: pairs of (millis, 0-based pattern index). */
  static void patternLane(JsonObject clip, double... events) {
    JsonObject lane = new JsonObject();
    lane.addProperty("laneType", "pattern");
    JsonArray arr = new JsonArray();
    for (int i = 0; i < events.length; i += 2) {
      JsonObject e = new JsonObject();
      e.add("cursor", cursor(events[i]));
      e.addProperty("patternIndex", (int) events[i + 1]);
      arr.add(e);
    }
    lane.add("events", arr);
    clip.getAsJsonArray("parameterLanes").add(lane);
  }

  /** A parameter lane on a path relative to the bus: pairs of (millis, normalized). */
  static void parameterLane(JsonObject clip, String path, double... events) {
    JsonObject lane = new JsonObject();
    lane.addProperty("laneType", "parameter");
    lane.addProperty("path", path);
    JsonArray arr = new JsonArray();
    for (int i = 0; i < events.length; i += 2) {
      JsonObject e = new JsonObject();
      e.add("cursor", cursor(events[i]));
      e.addProperty("normalized", events[i + 1]);
      arr.add(e);
    }
    lane.add("events", arr);
    clip.getAsJsonArray("parameterLanes").add(lane);
  }

  static VariableLFO lfo(LX lx, String label, int wave, double periodMs) {
    VariableLFO lfo = new VariableLFO(label);
    lfo.waveshape.setValue(wave);
    lfo.periodFast.setValue(periodMs);
    lx.engine.modulation.addModulator(lfo);
    lfo.start();
    return lfo;
  }

  static void modulate(LX lx, VariableLFO source, CompoundParameter target, double range) throws Exception {
    LXCompoundModulation m = new LXCompoundModulation(lx.engine.modulation, (LXNormalizedParameter) source, target);
    m.range.setValue(range);
    lx.engine.modulation.addModulation(m);
  }

  static GradientPattern paletteGradient(LX lx, int index, int stops) {
    GradientPattern g = new GradientPattern(lx);
    g.engine.colorMode.setValue(GradientPattern.ColorMode.PALETTE);
    g.engine.paletteIndex.setValue(index);
    g.engine.paletteStops.setValue(stops);
    return g;
  }

  static SolidPattern paletteSolid(LX lx, int index) {
    SolidPattern s = new SolidPattern(lx);
    s.color.mode.setValue(heronarts.lx.color.LinkedColorParameter.Mode.PALETTE);
    s.color.index.setValue(index);
    return s;
  }

  /**
   * Two channels with clips over a dynamic palette. Channel 1 plays a looped clip (length 1500 ms,
   * loop 250..1250 ms) with a pattern lane and parameter lanes (its Gradient's phase, its fader);
   * a sine LFO (900 ms) modulates the same phase the clip automates. Channel 2 (Add) plays an
   * unlooped clip (length 1250 ms) with a pattern lane, a fader lane and a stepped Boolean lane,
   * and stops on its own; a triangle LFO (1300 ms) modulates its Gradient's scale beside it.
   * The swatch: color 1 CYCLEs (2 s), color 2 OSCILLATEs (1.5 s) towards a secondary color.
   */
  static void clipsPaletteLfo(File f) throws Exception {
    LX lx = newLX();
    LXSwatch swatch = lx.engine.palette.swatch;
    LXDynamicColor c1 = swatch.getColor(0);
    c1.primary.setColor(heronarts.lx.color.LXColor.hsb(30, 100, 100));
    c1.mode.setValue(LXDynamicColor.Mode.CYCLE);
    c1.period.setValue(2.0);
    LXDynamicColor c2 = swatch.addColor();
    c2.primary.setColor(heronarts.lx.color.LXColor.hsb(170, 85, 95));
    c2.secondary.setColor(heronarts.lx.color.LXColor.hsb(310, 100, 55));
    c2.mode.setValue(LXDynamicColor.Mode.OSCILLATE);
    c2.period.setValue(1.5);

    GradientPattern g1 = paletteGradient(lx, 1, 2);
    NoisePattern n1 = new NoisePattern(lx);
    n1.motion.setValue(true);
    n1.motionSpeed.setValue(0.6);
    n1.xMotion.setValue(0.4);
    LXChannel ch1 = lx.engine.mixer.addChannel(new LXPattern[] { g1, paletteSolid(lx, 2), n1 });
    ch1.fader.setValue(1);

    GradientPattern g2 = paletteGradient(lx, 2, 3);
    LXChannel ch2 = lx.engine.mixer.addChannel(new LXPattern[] { paletteSolid(lx, 1), g2 });
    ch2.fader.setValue(0.8);
    ch2.blendMode.setValue(1); // Add

    JsonObject clip1 = clipJson("Looped", true, 1500, 250, 1000);
    patternLane(clip1, 0, 0, 375, 1, 750, 2, 1125, 0);
    parameterLane(clip1, "/pattern/1/gradientPhase", 0, 0.1, 500, 0.6, 1000, 0.25, 1500, 0.9);
    parameterLane(clip1, "/fader", 0, 1, 625, 0.45, 1250, 0.85);
    LXClip k1 = ch1.addClip(0);
    k1.load(lx, clip1);

    JsonObject clip2 = clipJson("Once", false, 1250, 0, 1250);
    patternLane(clip2, 0, 0, 500, 1);
    parameterLane(clip2, "/fader", 0, 0.2, 875, 0.9, 1250, 0.5);
    parameterLane(clip2, "/pattern/2/gradientInvert", 0, 0, 250, 1, 750, 0);
    LXClip k2 = ch2.addClip(0);
    k2.load(lx, clip2);

    modulate(lx, lfo(lx, "Sine", 0, 900), g1.engine.gradientPhase, 0.3);
    modulate(lx, lfo(lx, "Triangle", 1, 1300), g2.engine.gradientScale, -0.4);

    k1.launch();
    k2.launch();
    save(lx, f);
  }

  /** Millis of a beat count at the reference tempo. */
  static double beats(double b) {
    return b * 60000 / bpm;
  }

  /**
   * Clips at 137 BPM on a group and inside it. The group (channels A and B) plays a looped TEMPO
   * clip (length 4 beats, loop beats 1..3) with a lane on its fader. Channel B plays an unlooped
   * ABSOLUTE clip whose play range is 1/2..2 beats of 4 (saved running, so loading starts it) with
   * a pattern lane, a stepped Discrete lane on its Gradient's palette index and a Normalized lane
   * on its phase; a sine LFO (700 ms) modulates channel B's fader. The swatch has three
   * colors: CYCLE (1.5 s), FIXED and OSCILLATE (1 s).
   */
  static void clipsTempoGroup(File f) throws Exception {
    LX lx = newLX();
    lx.engine.tempo.bpm.setValue(137);
    bpm = 137;
    LXSwatch swatch = lx.engine.palette.swatch;
    LXDynamicColor c1 = swatch.getColor(0);
    c1.primary.setColor(heronarts.lx.color.LXColor.hsb(200, 90, 100));
    c1.mode.setValue(LXDynamicColor.Mode.CYCLE);
    c1.period.setValue(1.5);
    LXDynamicColor c2 = swatch.addColor();
    c2.primary.setColor(heronarts.lx.color.LXColor.hsb(40, 100, 90));
    LXDynamicColor c3 = swatch.addColor();
    c3.primary.setColor(heronarts.lx.color.LXColor.hsb(300, 70, 100));
    c3.secondary.setColor(heronarts.lx.color.LXColor.hsb(90, 100, 60));
    c3.mode.setValue(LXDynamicColor.Mode.OSCILLATE);
    c3.period.setValue(1.0);

    GradientPattern ga = paletteGradient(lx, 1, 3);
    LXChannel a = lx.engine.mixer.addChannel(new LXPattern[] { ga });
    a.fader.setValue(0.7);
    GradientPattern gb = paletteGradient(lx, 2, 2);
    gb.engine.gradientScale.setValue(0.6);
    LXChannel b = lx.engine.mixer.addChannel(new LXPattern[] { gb, paletteSolid(lx, 3) });
    b.fader.setValue(0.9);
    b.blendMode.setValue(1); // Add
    heronarts.lx.mixer.LXGroup group = lx.engine.mixer.addGroup(java.util.List.of(a, b));

    JsonObject gclip = clipJson("Tempo", true, beats(4), beats(1), beats(2));
    gclip.getAsJsonObject("parameters").addProperty("timeBase", 1);
    parameterLane(gclip, "/fader", 0, 0.3, beats(1.5), 1, beats(2.5), 0.5, beats(4), 0.2);
    LXClip kg = group.addClip(0);
    kg.load(lx, gclip);

    JsonObject bclip = clipJson("Range", false, beats(4), 0, beats(4));
    marker(bclip.getAsJsonObject("parameters"), "playStart", beats(0.5));
    marker(bclip.getAsJsonObject("parameters"), "playEnd", beats(2));
    patternLane(bclip, 0, 0, beats(0.75), 1, beats(1.5), 0);
    parameterLane(bclip, "/pattern/1/paletteIndex", 0, 0, beats(0.25), 0.25, beats(1), 0.5, beats(1.75), 0);
    parameterLane(bclip, "/pattern/1/gradientPhase", 0, 0, beats(2), 1);
    LXClip kb = b.addClip(0);
    kb.load(lx, bclip);

    modulate(lx, lfo(lx, "Sine", 0, 700), b.fader, 0.25);

    kg.launch();
    kb.launch();
    save(lx, f);
  }

  /** A parameter lane that names its parameter by component id and parameter path, not by path. */
  static void componentLane(JsonObject clip, int componentId, String parameterPath, double... events) {
    parameterLane(clip, "", events);
    JsonArray lanes = clip.getAsJsonArray("parameterLanes");
    JsonObject lane = lanes.get(lanes.size() - 1).getAsJsonObject();
    lane.remove("path");
    lane.addProperty("componentId", componentId);
    lane.addProperty("parameterPath", parameterPath);
  }

  /**
   * A master clip and a pattern lane through transitions at 120 BPM. Channel 1 (crossfader group A)
   * is a playlist of palette Solid, palette Gradient and Noise with Dissolve transitions (250 ms);
   * its looped clip (1000 ms) goes to them at 0, 250 and 700 ms. (A lane on the channel's Trigger
   * Pattern Cycle cannot be loaded: LXClip.load throws, the clip has no default for it.) Channel 2 (group B) is a
   * palette Gradient whose phase a sine LFO (800 ms) modulates. The master clip (unlooped, 1500 ms)
   * automates the master fader and the crossfader. (A lane on a swatch color's period cannot be
   * loaded either: the master clip registers the palette's own parameters, not its colors'.)
   */
  static void clipsMasterTrigger(File f) throws Exception {
    LX lx = newLX();
    bpm = 120;
    LXSwatch swatch = lx.engine.palette.swatch;
    LXDynamicColor c1 = swatch.getColor(0);
    c1.primary.setColor(heronarts.lx.color.LXColor.hsb(0, 100, 100));
    c1.mode.setValue(LXDynamicColor.Mode.CYCLE);
    c1.period.setValue(3.0);
    LXDynamicColor c2 = swatch.addColor();
    c2.primary.setColor(heronarts.lx.color.LXColor.hsb(260, 80, 90));

    NoisePattern n = new NoisePattern(lx);
    n.motion.setValue(true);
    n.motionSpeed.setValue(0.5);
    LXChannel ch1 = lx.engine.mixer.addChannel(new LXPattern[] { paletteSolid(lx, 1), paletteGradient(lx, 1, 3), n });
    ch1.fader.setValue(1);
    ch1.crossfadeGroup.setValue(heronarts.lx.mixer.LXChannel.CrossfadeGroup.A);
    ch1.patternEngine.transitionEnabled.setValue(true);
    ch1.patternEngine.transitionTimeSecs.setValue(0.25);

    GradientPattern g2 = paletteGradient(lx, 2, 2);
    LXChannel ch2 = lx.engine.mixer.addChannel(new LXPattern[] { g2 });
    ch2.fader.setValue(1);
    ch2.crossfadeGroup.setValue(heronarts.lx.mixer.LXChannel.CrossfadeGroup.B);

    JsonObject clip1 = clipJson("Cycle", true, 1000, 0, 1000);
    patternLane(clip1, 0, 0, 250, 1, 700, 2);
    LXClip k1 = ch1.addClip(0);
    k1.load(lx, clip1);

    JsonObject mclip = clipJson("Master", false, 1500, 0, 1500);
    parameterLane(mclip, "/fader", 0, 1, 750, 0.5, 1500, 0.9);
    componentLane(mclip, lx.engine.mixer.getId(), "crossfader", 0, 0, 1000, 1);
    LXClip km = lx.engine.mixer.masterBus.addClip(0);
    km.load(lx, mclip);

    modulate(lx, lfo(lx, "Sine", 0, 800), g2.engine.gradientPhase, 0.5);

    k1.launch();
    km.launch();
    save(lx, f);
  }
}
