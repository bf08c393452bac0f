import heronarts.lx.LX;
import heronarts.lx.color.LXColor;
import heronarts.lx.color.LinkedColorParameter;
import heronarts.lx.effect.FreezeEffect;
import heronarts.lx.effect.StrobeEffect;
import heronarts.lx.mixer.LXChannel;
import heronarts.lx.mixer.LXPatternEngine;
import heronarts.lx.modulation.LXCompoundModulation;
import heronarts.lx.modulation.LXTriggerModulation;
import heronarts.lx.modulator.VariableLFO;
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
    rackNested(new File(out, "rack_nested_effects.lxp"));
    freezeModesHold(new File(out, "freeze_modes_hold.lxp"));
    triggerChain(new File(out, "trigger_chain.lxp"));
    rackViews(new File(out, "rack_views.lxp"));
    rackSavedState(new File(out, "rack_saved_state.lxp"));
    scopedTriggers(new File(out, "scoped_triggers.lxp"));
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

  static Interval interval(LX lx, double ms) {
    Interval iv = new Interval();
    iv.periodMs.setValue(ms);
    lx.engine.modulation.addModulator(iv);
    iv.start();
    return iv;
  }

  static LXTriggerModulation trigger(LX lx, heronarts.lx.parameter.BooleanParameter source, heronarts.lx.parameter.BooleanParameter target) throws Exception {
    LXTriggerModulation t = new LXTriggerModulation(lx.engine.modulation, source, target);
    lx.engine.modulation.addTrigger(t);
    return t;
  }

  /**
   * A BLEND-mode PatternRack holding a PLAYLIST-mode PatternRack (no transitions, cycled by a
   * global Interval through a momentary → momentary mapping into its Trigger Pattern Cycle) and an
   * Alternating with static colors; the outer rack carries a Freeze (Add) as a pattern effect and
   * the inner rack a Strobe synced to the tempo (square, phase offset 0.25, bias -0.5).
   */
  static void rackNested(File f) throws Exception {
    LX lx = newLX();
    PatternRack inner = new PatternRack(lx);
    inner.patternEngine.addPattern(noise(lx, 0.2));
    inner.patternEngine.addPattern(alternating(lx, 2));
    inner.patternEngine.addPattern(new GradientPattern(lx));
    StrobeEffect st = new StrobeEffect(lx);
    st.tempoSync.setValue(true);
    st.tempoDivision.setValue(heronarts.lx.Tempo.Division.EIGHTH);
    st.tempoPhaseOffset.setValue(0.25);
    st.waveshape.setValue(2); // SQUARE
    st.bias.setValue(-0.5);
    st.depth.setValue(0.9);
    inner.addEffect(st);
    st.enabled.setValue(true);

    PatternRack outer = new PatternRack(lx);
    outer.patternEngine.compositeMode.setValue(LXPatternEngine.CompositeMode.BLEND);
    outer.patternEngine.addPattern(inner);
    AlternatingPattern a = alternating(lx, 9);
    a.firstColor.mode.setValue(LinkedColorParameter.Mode.STATIC);
    a.firstColor.setColor(LXColor.hsb(30, 100, 90));
    a.secondColor.mode.setValue(LinkedColorParameter.Mode.STATIC);
    a.secondColor.setColor(LXColor.hsb(280, 60, 50));
    a.compositeBlend.setValue(4); // Normal
    a.compositeLevel.setValue(0.45);
    outer.patternEngine.addPattern(a);
    FreezeEffect fz = new FreezeEffect(lx);
    fz.mode.setValue(FreezeEffect.Mode.ADD);
    fz.mix.setValue(0.6);
    fz.releaseMs.setValue(250);
    fz.interval.periodMs.setValue(500);
    fz.interval.start();
    outer.addEffect(fz);
    fz.enabled.setValue(true);

    LXChannel ch = lx.engine.mixer.addChannel(new LXPattern[] { outer });
    ch.fader.setValue(1);
    trigger(lx, interval(lx, 300).triggerOut, inner.patternEngine.triggerPatternCycle);
    trigger(lx, interval(lx, 650).triggerOut, fz.lock);
    save(lx, f);
  }

  /**
   * Freeze modes and hold: Multiply held by a momentary → momentary mapping (on and off in one
   * step: a captured blip that releases over 400 ms); Spotlight locked from load with its own
   * Interval resampling; Replace with attack 300 ms locked once by Trigger → On and resampled by a
   * momentary → momentary mapping into Resample; on the master, Highlight toggled by an Interval
   * with its mix swept by a sine LFO, and Subtract and Difference on a fourth channel.
   */
  static void freezeModesHold(File f) throws Exception {
    LX lx = newLX();
    LXChannel c1 = lx.engine.mixer.addChannel(new LXPattern[] { noise(lx, 0.7) });
    FreezeEffect f1 = new FreezeEffect(lx);
    f1.mode.setValue(FreezeEffect.Mode.MULTIPLY);
    f1.attackMs.setValue(200);
    f1.releaseMs.setValue(400);
    f1.mix.setValue(0.9);
    c1.addEffect(f1);
    f1.enabled.setValue(true);
    c1.fader.setValue(0.8);

    LXChannel c2 = lx.engine.mixer.addChannel(new LXPattern[] { noise(lx, -0.4) });
    FreezeEffect f2 = new FreezeEffect(lx);
    f2.mode.setValue(FreezeEffect.Mode.SPOTLIGHT);
    f2.mix.setValue(0.7);
    f2.lock.setValue(true);
    f2.interval.periodMs.setValue(300);
    f2.interval.start();
    c2.addEffect(f2);
    f2.enabled.setValue(true);
    c2.fader.setValue(0.7);

    LXChannel c3 = lx.engine.mixer.addChannel(new LXPattern[] { alternating(lx, 6), noise(lx, 1) });
    c3.patternEngine.compositeMode.setValue(LXPatternEngine.CompositeMode.BLEND);
    FreezeEffect f3 = new FreezeEffect(lx);
    f3.attackMs.setValue(300);
    f3.releaseMs.setValue(0);
    c3.addEffect(f3);
    f3.enabled.setValue(true);
    c3.fader.setValue(0.5);

    LXChannel c4 = lx.engine.mixer.addChannel(new LXPattern[] { new GradientPattern(lx) });
    FreezeEffect f4 = new FreezeEffect(lx);
    f4.mode.setValue(FreezeEffect.Mode.SUBTRACT);
    f4.lock.setValue(true);
    f4.mix.setValue(0.3);
    c4.addEffect(f4);
    f4.enabled.setValue(true);
    FreezeEffect f5 = new FreezeEffect(lx);
    f5.mode.setValue(FreezeEffect.Mode.DIFFERENCE);
    f5.hold.setValue(false);
    f5.attackMs.setValue(50);
    c4.addEffect(f5);
    f5.enabled.setValue(true);
    c4.fader.setValue(0.4);

    FreezeEffect fm = new FreezeEffect(lx);
    fm.mode.setValue(FreezeEffect.Mode.HIGHLIGHT);
    lx.engine.mixer.masterBus.addEffect(fm);
    fm.enabled.setValue(true);

    trigger(lx, interval(lx, 500).triggerOut, f1.hold);
    trigger(lx, interval(lx, 450).triggerOut, f3.lock).momentaryToggleMode.setValue(LXTriggerModulation.MomentaryToggleMode.ON);
    trigger(lx, interval(lx, 350).triggerOut, f3.resample);
    trigger(lx, interval(lx, 550).triggerOut, fm.lock);
    trigger(lx, interval(lx, 800).triggerOut, f5.hold);
    VariableLFO lfo = new VariableLFO("Mix LFO");
    lfo.periodFast.setValue(1300);
    lx.engine.modulation.addModulator(lfo);
    lfo.start();
    LXCompoundModulation m = new LXCompoundModulation(lx.engine.modulation, lfo, fm.mix);
    m.range.setValue(-0.8);
    lx.engine.modulation.addModulation(m);
    save(lx, f);
  }

  /**
   * Trigger mappings of every kind into effect parameters, chained: an Interval toggles a Strobe's
   * enabled (Trigger → Toggle); that toggle drives a Freeze's Resample (toggle → momentary, Any
   * Change → Trigger) and another Freeze's lock (toggle → toggle, Invert); a second Interval
   * drives a Strobe's tempo sync through Trigger → Invert and a BLEND channel's Alternating
   * enabled through Trigger → Off, and a third turns it back on through Trigger → On; the Freeze
   * lock drives a Solid's enabled (toggle → toggle, On → Toggle).
   */
  static void triggerChain(File f) throws Exception {
    LX lx = newLX();
    SolidPattern solid = solid(lx, 50, 100, 70);
    solid.compositeBlend.setValue(2); // Subtract
    solid.compositeLevel.setValue(0.6);
    solid.enabled.setValue(false);
    AlternatingPattern alt = alternating(lx, 8);
    alt.compositeBlend.setValue(0); // Add
    LXChannel ch = lx.engine.mixer.addChannel(new LXPattern[] { noise(lx, 0.5), alt, solid });
    ch.patternEngine.compositeMode.setValue(LXPatternEngine.CompositeMode.BLEND);
    ch.patternEngine.compositeDampingEnabled.setValue(false);
    ch.fader.setValue(1);

    StrobeEffect st = new StrobeEffect(lx);
    st.waveshape.setValue(3); // UP
    st.speed.setValue(0.4);
    st.depth.setValue(0.7);
    ch.addEffect(st);
    st.enabled.setValue(false);

    FreezeEffect resampled = new FreezeEffect(lx);
    resampled.lock.setValue(true);
    resampled.mix.setValue(0.5);
    ch.addEffect(resampled);
    resampled.enabled.setValue(true);

    FreezeEffect inverted = new FreezeEffect(lx);
    inverted.mode.setValue(FreezeEffect.Mode.MULTIPLY);
    inverted.attackMs.setValue(100);
    inverted.releaseMs.setValue(150);
    lx.engine.mixer.masterBus.addEffect(inverted);
    inverted.enabled.setValue(true);

    StrobeEffect st2 = new StrobeEffect(lx);
    st2.depth.setValue(0.3);
    st2.tempoDivision.setValue(heronarts.lx.Tempo.Division.SIXTEENTH);
    lx.engine.mixer.masterBus.addEffect(st2);
    st2.enabled.setValue(true);

    trigger(lx, interval(lx, 380).triggerOut, st.enabled);
    trigger(lx, st.enabled, resampled.resample).toggleMomentaryMode.setValue(LXTriggerModulation.ToggleMomentaryMode.ALWAYS);
    trigger(lx, st.enabled, inverted.lock).toggleMode.setValue(LXTriggerModulation.ToggleMode.INVERT);
    Interval two = interval(lx, 520);
    trigger(lx, two.triggerOut, st2.tempoSync).momentaryToggleMode.setValue(LXTriggerModulation.MomentaryToggleMode.INVERT);
    trigger(lx, two.triggerOut, alt.enabled).momentaryToggleMode.setValue(LXTriggerModulation.MomentaryToggleMode.OFF);
    trigger(lx, interval(lx, 870).triggerOut, alt.enabled).momentaryToggleMode.setValue(LXTriggerModulation.MomentaryToggleMode.ON);
    trigger(lx, inverted.lock, solid.enabled).toggleMode.setValue(LXTriggerModulation.ToggleMode.ON_TOGGLE);
    save(lx, f);
  }

  /**
   * Views through racks: two grids tagged "a" (8 × 6) and "b" (10 × 6), views A and B. A PLAYLIST
   * channel cycles (0.5 s, Lightest transitions 0.25 s) between a PatternRack on view B (BLEND:
   * Alternating inheriting B, Gradient on its own view A, Noise inheriting B; a Freeze on view A as
   * the rack's effect, locked by an Interval) and a PatternRack on view A (PLAYLIST, auto-cycle
   * 0.3 s without transitions: Alternating, Solid, the second one disabled so the cycle skips it,
   * Alternating again). A second channel's Strobe on view A (square, depth 1: black at the bottom
   * of its cycle) and a master Strobe on view B (down saw) show how far a Strobe's multiply reaches.
   */
  static void rackViews(File f) throws Exception {
    LX.Flags flags = new LX.Flags();
    flags.loadPreferences = false;
    flags.autosave = false;
    LX lx = new LX(flags);
    lx.engine.nowMillis = 0;
    GridFixture ga = new GridFixture(lx);
    ga.numRows.setValue(6);
    ga.numColumns.setValue(8);
    ga.tags.setValue("a");
    lx.structure.addFixture(ga);
    GridFixture gb = new GridFixture(lx);
    gb.numRows.setValue(6);
    gb.numColumns.setValue(10);
    gb.x.setValue(12);
    gb.tags.setValue("b");
    lx.structure.addFixture(gb);
    heronarts.lx.structure.view.LXViewDefinition va = lx.structure.views.addView();
    va.label.setValue("A");
    va.selector.setValue("a");
    heronarts.lx.structure.view.LXViewDefinition vb = lx.structure.views.addView();
    vb.label.setValue("B");
    vb.selector.setValue("b");

    PatternRack blend = new PatternRack(lx);
    blend.view.setValue(2);
    blend.patternEngine.compositeMode.setValue(LXPatternEngine.CompositeMode.BLEND);
    blend.patternEngine.addPattern(alternating(lx, 3));
    GradientPattern g = new GradientPattern(lx);
    g.view.setValue(1);
    g.compositeBlend.setValue(0);
    blend.patternEngine.addPattern(g);
    NoisePattern n = noise(lx, 0.9);
    n.compositeBlend.setValue(5); // Dodge
    n.compositeLevel.setValue(0.6);
    blend.patternEngine.addPattern(n);
    FreezeEffect fz = new FreezeEffect(lx);
    fz.view.setValue(1);
    fz.mix.setValue(0.7);
    blend.addEffect(fz);
    fz.enabled.setValue(true);

    PatternRack playlist = new PatternRack(lx);
    playlist.view.setValue(1);
    playlist.patternEngine.addPattern(alternating(lx, 2));
    SolidPattern off = solid(lx, 300, 100, 100);
    off.enabled.setValue(false);
    playlist.patternEngine.addPattern(off);
    playlist.patternEngine.addPattern(alternating(lx, 5));
    playlist.patternEngine.autoCycleTimeSecs.setValue(0.3);
    playlist.patternEngine.autoCycleEnabled.setValue(true);

    LXChannel ch = lx.engine.mixer.addChannel(new LXPattern[] { blend, playlist });
    ch.patternEngine.autoCycleTimeSecs.setValue(0.5);
    ch.patternEngine.autoCycleEnabled.setValue(true);
    ch.patternEngine.transitionEnabled.setValue(true);
    ch.patternEngine.transitionTimeSecs.setValue(0.25);
    ch.patternEngine.transitionBlendMode.setValue(3); // Lightest
    ch.fader.setValue(1);

    LXChannel ch2 = lx.engine.mixer.addChannel(new LXPattern[] { noise(lx, -0.3) });
    ch2.fader.setValue(0.7);
    StrobeEffect st = new StrobeEffect(lx);
    st.view.setValue(1);
    st.waveshape.setValue(2); // SQUARE
    st.depth.setValue(1);
    st.speed.setValue(0.8);
    ch2.addEffect(st);
    st.enabled.setValue(true);

    StrobeEffect sm = new StrobeEffect(lx);
    sm.view.setValue(2);
    sm.waveshape.setValue(4); // DOWN
    sm.depth.setValue(0.6);
    lx.engine.mixer.masterBus.addEffect(sm);
    sm.enabled.setValue(true);

    trigger(lx, interval(lx, 400).triggerOut, fz.lock);
    save(lx, f);
  }

  static AlternatingPattern alternating(LX lx, int length, int first, int second) {
    AlternatingPattern a = alternating(lx, length);
    a.firstColor.index.setValue(first);
    a.secondColor.index.setValue(second);
    return a;
  }

  /**
   * Saved playlist state and palette stripes: a swatch of three colors; channel 1's playlist is
   * saved on its PatternRack (index 1) and the rack's own playlist on its last pattern (index 2),
   * which wraps to 0 when it cycles (0.4 s, Darkest transitions 0.25 s). The rack has a custom cycle
   * time of 1.2 s in the channel (Multiply transitions 0.3 s). Alternating patterns read palette
   * colors 1–3 and 5 (beyond the swatch: its last color). Channel 2 cycles a rack of Gradient and
   * Alternating with Difference transitions.
   */
  static void rackSavedState(File f) throws Exception {
    LX lx = newLX();
    lx.engine.palette.swatch.getColor(0).primary.setColor(LXColor.hsb(10, 90, 100));
    lx.engine.palette.swatch.addColor().primary.setColor(LXColor.hsb(130, 70, 80));
    lx.engine.palette.swatch.addColor().primary.setColor(LXColor.hsb(230, 100, 90));

    PatternRack rack = new PatternRack(lx);
    rack.patternEngine.addPattern(solid(lx, 60, 100, 90));
    rack.patternEngine.addPattern(alternating(lx, 1, 2, 3));
    rack.patternEngine.addPattern(noise(lx, 0.4));
    rack.patternEngine.goPatternIndex(2);
    rack.patternEngine.autoCycleTimeSecs.setValue(0.4);
    rack.patternEngine.autoCycleEnabled.setValue(true);
    rack.patternEngine.transitionEnabled.setValue(true);
    rack.patternEngine.transitionTimeSecs.setValue(0.25);
    rack.patternEngine.transitionBlendMode.setValue(4); // Darkest
    rack.hasCustomCycleTime.setValue(true);
    rack.customCycleTimeSecs.setValue(1.2);

    LXChannel ch = lx.engine.mixer.addChannel(new LXPattern[] { alternating(lx, 2, 1, 2), rack, alternating(lx, 4, 3, 5) });
    ch.patternEngine.goPatternIndex(1);
    ch.patternEngine.autoCycleTimeSecs.setValue(0.7);
    ch.patternEngine.autoCycleEnabled.setValue(true);
    ch.patternEngine.transitionEnabled.setValue(true);
    ch.patternEngine.transitionTimeSecs.setValue(0.3);
    ch.patternEngine.transitionBlendMode.setValue(2); // Multiply
    ch.fader.setValue(1);

    PatternRack rack2 = new PatternRack(lx);
    rack2.patternEngine.addPattern(new GradientPattern(lx));
    rack2.patternEngine.addPattern(alternating(lx, 3, 2, 1));
    rack2.patternEngine.autoCycleTimeSecs.setValue(0.45);
    rack2.patternEngine.autoCycleEnabled.setValue(true);
    rack2.patternEngine.transitionEnabled.setValue(true);
    rack2.patternEngine.transitionTimeSecs.setValue(0.35);
    rack2.patternEngine.transitionBlendMode.setValue(5); // Difference
    LXChannel ch2 = lx.engine.mixer.addChannel(new LXPattern[] { rack2 });
    ch2.fader.setValue(0.5);
    save(lx, f);
  }

  /**
   * Trigger mappings scoped to devices: a BLEND PatternRack whose own modulation engine holds a
   * tempo-synced Interval (eighth notes at 120 BPM) that toggles a nested Solid (Trigger → Toggle)
   * and holds the rack's Freeze (momentary → momentary); a channel Freeze whose own modulation
   * engine maps its built-in Interval (350 ms, started) to its lock (Trigger → Toggle), so the same
   * firing resamples and locks or unlocks; a nested Alternating whose own Interval (200 ms) toggles
   * its own Strobe's enable (Trigger → Toggle).
   */
  static void scopedTriggers(File f) throws Exception {
    LX lx = newLX();
    lx.engine.palette.swatch.addColor().primary.setColor(LXColor.hsb(190, 80, 70));
    PatternRack rack = new PatternRack(lx);
    rack.patternEngine.compositeMode.setValue(LXPatternEngine.CompositeMode.BLEND);
    rack.patternEngine.addPattern(noise(lx, 0.6));
    SolidPattern s1 = solid(lx, 340, 90, 80);
    s1.compositeBlend.setValue(9); // Lightest
    rack.patternEngine.addPattern(s1);
    AlternatingPattern a = alternating(lx, 5);
    a.compositeBlend.setValue(1); // Multiply
    rack.patternEngine.addPattern(a);
    rack.patternEngine.compositeDampingTimeSecs.setValue(0.15);
    FreezeEffect rf = new FreezeEffect(lx);
    rf.mode.setValue(FreezeEffect.Mode.DIFFERENCE);
    rf.releaseMs.setValue(200);
    rack.addEffect(rf);
    rf.enabled.setValue(true);

    Interval beat = new Interval();
    beat.tempoSync.setValue(true);
    beat.tempoDivision.setValue(heronarts.lx.Tempo.Division.EIGHTH);
    rack.modulation.addModulator(beat);
    beat.start();
    rack.modulation.addTrigger(new LXTriggerModulation(rack.modulation, beat.triggerOut, s1.enabled));
    rack.modulation.addTrigger(new LXTriggerModulation(rack.modulation, beat.triggerOut, rf.hold));

    StrobeEffect st = new StrobeEffect(lx);
    st.depth.setValue(0.9);
    st.speed.setValue(1);
    a.addEffect(st);
    st.enabled.setValue(true);
    Interval own = new Interval();
    own.periodMs.setValue(200);
    a.modulation.addModulator(own);
    own.start();
    a.modulation.addTrigger(new LXTriggerModulation(a.modulation, own.triggerOut, st.enabled));

    LXChannel ch = lx.engine.mixer.addChannel(new LXPattern[] { rack });
    ch.fader.setValue(1);
    FreezeEffect cf = new FreezeEffect(lx);
    cf.mix.setValue(0.75);
    cf.attackMs.setValue(80);
    cf.releaseMs.setValue(120);
    cf.interval.periodMs.setValue(350);
    cf.interval.start();
    ch.addEffect(cf);
    cf.enabled.setValue(true);
    cf.modulation.addTrigger(new LXTriggerModulation(cf.modulation, cf.interval.triggerOut, cf.lock));
    save(lx, f);
  }
}
