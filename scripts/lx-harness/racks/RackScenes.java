import heronarts.lx.LX;
import heronarts.lx.color.LXColor;
import heronarts.lx.color.LinkedColorParameter;
import heronarts.lx.effect.FreezeEffect;
import heronarts.lx.effect.StrobeEffect;
import heronarts.lx.mixer.LXChannel;
import heronarts.lx.mixer.LXPatternEngine;
import heronarts.lx.modulation.LXTriggerModulation;
import heronarts.lx.modulator.Interval;
import heronarts.lx.modulator.LXWaveshape;
import heronarts.lx.pattern.LXPattern;
import heronarts.lx.pattern.PatternRack;
import heronarts.lx.pattern.color.AlternatingPattern;
import heronarts.lx.pattern.color.GradientPattern;
import heronarts.lx.pattern.color.SolidPattern;
import heronarts.lx.pattern.texture.NoisePattern;
import heronarts.lx.structure.GridFixture;

import java.io.File;

/**
 * Builds the scenes of test/golden/lx-scenes/racks with LX 1.2.1's API and saves each with
 * LX.saveProject (a fresh LX per scene). GoldenRender then renders the saved files.
 *
 *   java -cp CP RackScenes OUTDIR
 */
public class RackScenes {

  public static void main(String[] args) throws Exception {
    File out = new File(args[0]);
    out.mkdirs();
    rackPlaylist(new File(out, "rack_playlist.lxp"));
    rackBlend(new File(out, "rack_blend.lxp"));
    freezeIntervalLock(new File(out, "freeze_interval_lock.lxp"));
    strobeMasterTrigger(new File(out, "strobe_master_trigger.lxp"));
    System.exit(0);
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

  static NoisePattern noise(LX lx, double xMotion) {
    NoisePattern n = new NoisePattern(lx);
    n.motion.setValue(true);
    n.motionSpeed.setValue(0.6);
    n.xMotion.setValue(xMotion);
    n.zMotion.setValue(1);
    n.scale.setValue(0.5);
    return n;
  }

  static AlternatingPattern alternating(LX lx, int length) {
    AlternatingPattern a = new AlternatingPattern(lx);
    a.stripeLength.setValue(length);
    return a;
  }

  static SolidPattern solid(LX lx, float h, float s, float b) {
    return new SolidPattern(lx, LXColor.hsb(h, s, b));
  }

  static void save(LX lx, File f) {
    lx.saveProject(f);
    System.out.println("saved " + f + " points " + lx.getModel().size);
    lx.dispose();
  }

  /**
   * A channel playlist (auto-cycle 0.9 s, Dissolve transitions 0.3 s) whose second pattern is a
   * PatternRack with its own playlist: auto-cycle 0.35 s, Add transitions 0.2 s, one nested pattern
   * with a custom cycle time, an Alternating pattern with palette colors among them.
   */
  static void rackPlaylist(File f) {
    LX lx = newLX();
    PatternRack rack = new PatternRack(lx);
    rack.patternEngine.addPattern(alternating(lx, 3));
    rack.patternEngine.addPattern(noise(lx, 0.3));
    GradientPattern g = new GradientPattern(lx);
    g.hasCustomCycleTime.setValue(true);
    g.customCycleTimeSecs.setValue(0.2);
    rack.patternEngine.addPattern(g);
    rack.patternEngine.addPattern(solid(lx, 120, 100, 80));
    rack.patternEngine.compositeMode.setValue(LXPatternEngine.CompositeMode.PLAYLIST);
    rack.patternEngine.autoCycleTimeSecs.setValue(0.35);
    rack.patternEngine.autoCycleEnabled.setValue(true);
    rack.patternEngine.transitionEnabled.setValue(true);
    rack.patternEngine.transitionTimeSecs.setValue(0.2);
    rack.patternEngine.transitionBlendMode.setValue(1); // Add

    LXChannel ch = lx.engine.mixer.addChannel(new LXPattern[] { solid(lx, 0, 100, 100), rack, alternating(lx, 5) });
    ch.patternEngine.autoCycleTimeSecs.setValue(0.6);
    ch.patternEngine.autoCycleEnabled.setValue(true);
    ch.patternEngine.transitionEnabled.setValue(true);
    ch.patternEngine.transitionTimeSecs.setValue(0.3);
    ch.fader.setValue(1);
    save(lx, f);
  }

  /**
   * A PatternRack in BLEND mode (Gradient, Alternating multiplied at 0.7, Noise added at 0.5, a
   * Solid switched on and off by an Interval through a momentary → toggle trigger mapping, so its
   * composite damping shows), in a channel that itself blends the rack with an Alternating pattern.
   */
  static void rackBlend(File f) throws Exception {
    LX lx = newLX();
    PatternRack rack = new PatternRack(lx);
    rack.patternEngine.compositeMode.setValue(LXPatternEngine.CompositeMode.BLEND);
    GradientPattern g = new GradientPattern(lx);
    rack.patternEngine.addPattern(g);
    AlternatingPattern a = alternating(lx, 4);
    a.compositeBlend.setValue(1); // Multiply
    a.compositeLevel.setValue(0.7);
    rack.patternEngine.addPattern(a);
    NoisePattern n = noise(lx, 0.5);
    n.compositeBlend.setValue(0); // Add
    n.compositeLevel.setValue(0.5);
    rack.patternEngine.addPattern(n);
    SolidPattern s = solid(lx, 200, 80, 60);
    s.compositeBlend.setValue(9); // Lightest
    s.enabled.setValue(false);
    rack.patternEngine.addPattern(s);
    rack.patternEngine.compositeDampingTimeSecs.setValue(0.2);

    LXChannel ch = lx.engine.mixer.addChannel(new LXPattern[] { rack, alternating(lx, 7) });
    ch.patternEngine.compositeMode.setValue(LXPatternEngine.CompositeMode.BLEND);
    ch.patterns.get(1).compositeBlend.setValue(3); // Difference
    ch.patterns.get(1).compositeLevel.setValue(0.4);
    ch.fader.setValue(1);

    Interval iv = new Interval();
    iv.periodMs.setValue(450);
    lx.engine.modulation.addModulator(iv);
    iv.start();
    lx.engine.modulation.addTrigger(new LXTriggerModulation(lx.engine.modulation, iv.triggerOut, s.enabled));
    save(lx, f);
  }

  /**
   * A Freeze effect on a moving Noise channel: its own Interval (started, 250 ms) resamples while it
   * is locked; a global Interval (600 ms) toggles its lock through a momentary → toggle mapping
   * (Trigger → Toggle); attack 120 ms, release 300 ms, mix 0.8. A second channel carries a Freeze
   * in Add mode locked from the start.
   */
  static void freezeIntervalLock(File f) throws Exception {
    LX lx = newLX();
    LXChannel ch = lx.engine.mixer.addChannel(new LXPattern[] { noise(lx, 0.8) });
    ch.fader.setValue(1);
    FreezeEffect fz = new FreezeEffect(lx);
    fz.attackMs.setValue(120);
    fz.releaseMs.setValue(300);
    fz.mix.setValue(0.8);
    fz.interval.periodMs.setValue(250);
    fz.interval.start();
    ch.addEffect(fz);
    fz.enabled.setValue(true);

    NoisePattern n2 = noise(lx, -0.6);
    LXChannel ch2 = lx.engine.mixer.addChannel(new LXPattern[] { n2 });
    ch2.fader.setValue(0.6);
    FreezeEffect fz2 = new FreezeEffect(lx);
    fz2.mode.setValue(FreezeEffect.Mode.ADD);
    fz2.mix.setValue(0.5);
    fz2.lock.setValue(true);
    ch2.addEffect(fz2);
    fz2.enabled.setValue(true);

    Interval iv = new Interval();
    iv.periodMs.setValue(600);
    lx.engine.modulation.addModulator(iv);
    iv.start();
    lx.engine.modulation.addTrigger(new LXTriggerModulation(lx.engine.modulation, iv.triggerOut, fz.lock));
    save(lx, f);
  }

  /**
   * A Strobe on the master (triangle, speed 0.7, depth 0.8, bias 0.3) switched on and off by a
   * global Interval (400 ms, Trigger → Toggle), so its enable fade and clock restart show; a second
   * Interval (700 ms) drives its tempo sync with Trigger → Direct (on and straight off again).
   */
  static void strobeMasterTrigger(File f) throws Exception {
    LX lx = newLX();
    LXChannel ch = lx.engine.mixer.addChannel(new LXPattern[] { noise(lx, 0.4) });
    ch.fader.setValue(1);
    LXChannel ch2 = lx.engine.mixer.addChannel(new LXPattern[] { alternating(lx, 2) });
    ch2.fader.setValue(0.5);
    StrobeEffect st = new StrobeEffect(lx);
    st.waveshape.setValue(1); // TRI
    st.speed.setValue(0.7);
    st.depth.setValue(0.8);
    st.bias.setValue(0.3);
    lx.engine.mixer.masterBus.addEffect(st);

    Interval iv = new Interval();
    iv.periodMs.setValue(400);
    lx.engine.modulation.addModulator(iv);
    iv.start();
    lx.engine.modulation.addTrigger(new LXTriggerModulation(lx.engine.modulation, iv.triggerOut, st.enabled));

    Interval iv2 = new Interval();
    iv2.periodMs.setValue(700);
    lx.engine.modulation.addModulator(iv2);
    iv2.start();
    LXTriggerModulation direct = new LXTriggerModulation(lx.engine.modulation, iv2.triggerOut, st.tempoSync);
    direct.momentaryToggleMode.setValue(LXTriggerModulation.MomentaryToggleMode.DIRECT);
    lx.engine.modulation.addTrigger(direct);
    save(lx, f);
  }
}
