<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en_US">
<context>
    <name>behavior.xar:/Animate behaviour</name>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>Animate behaviour</source>
        <translation>Animate behaviour</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>Activate on start</source>
        <comment>Activate on start</comment>
        <translation>Activate on start</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>Show on tablet</source>
        <comment>Show on tablet</comment>
        <translation>Show on tablet</translation>
    </message>
</context>
<context>
    <name>behavior.xar:/Enable animate behaviour</name>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>Enable animate behaviour</source>
        <translation>Enable animate behaviour</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>State</source>
        <comment>State</comment>
        <translation>State</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>enabled</source>
        <comment>State</comment>
        <translation>enabled</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>disabled</source>
        <comment>State</comment>
        <translation>disabled</translation>
    </message>
</context>
<context>
    <name>behavior.xar:/Disable animate behaviour</name>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>Disable animate behaviour</source>
        <translation>Disable animate behaviour</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>State</source>
        <comment>State</comment>
        <translation>State</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>enabled</source>
        <comment>State</comment>
        <translation>enabled</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>disabled</source>
        <comment>State</comment>
        <translation>disabled</translation>
    </message>
</context>
</TS>
