<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en_US">
<context>
    <name>behavior.xar:/Animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Animate behaviour</source>
        <translation>Animate behaviour</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Makes the robot move subtly and randomly so that it looks alive. While it runs, the AnimateBehaviour service lets other behaviours enable or disable the motion.</source>
        <translation>Makes the robot move subtly and randomly so that it looks alive. While it runs, the AnimateBehaviour service lets other behaviours enable or disable the motion.</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Activate on start</source>
        <translation>Activate on start</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Start moving as soon as the box starts. When unchecked, the robot stays still until another behaviour calls AnimateBehaviour.setActivation(&quot;enabled&quot;).</source>
        <translation>Start moving as soon as the box starts. When unchecked, the robot stays still until another behaviour calls AnimateBehaviour.setActivation(&quot;enabled&quot;).</translation>
    </message>
</context>
<context>
    <name>behavior.xar:/Enable Animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Enable Animate behaviour</source>
        <translation>Enable Animate behaviour</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Asks the AnimateBehaviour service to start moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</source>
        <translation>Asks the AnimateBehaviour service to start moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</translation>
    </message>
</context>
<context>
    <name>behavior.xar:/Disable Animate behaviour</name>
    <message>
        <location filename="../behavior.xar"/>
        <source>Disable Animate behaviour</source>
        <translation>Disable Animate behaviour</translation>
    </message>
    <message>
        <location filename="../behavior.xar"/>
        <source>Asks the AnimateBehaviour service to stop moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</source>
        <translation>Asks the AnimateBehaviour service to stop moving the robot. Copy this box into your own behaviours; the Animate behaviour application must be running.</translation>
    </message>
</context>
</TS>
