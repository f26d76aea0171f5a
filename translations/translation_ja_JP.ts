<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP" sourcelanguage="en_US">
<context>
    <name>behavior.xar:/Animate behaviour</name>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>Animate behaviour</source>
        <translation>アニメート動作</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>Activate on start</source>
        <comment>Activate on start</comment>
        <translation>開始時に有効化</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>Show on tablet</source>
        <comment>Show on tablet</comment>
        <translation>タブレットに表示</translation>
    </message>
</context>
<context>
    <name>behavior.xar:/Enable animate behaviour</name>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>Enable animate behaviour</source>
        <translation>アニメート動作を有効化</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>State</source>
        <comment>State</comment>
        <translation>状態</translation>
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
        <translation>アニメート動作を無効化</translation>
    </message>
    <message>
        <location filename="behavior.xar" line="0"/>
        <source>State</source>
        <comment>State</comment>
        <translation>状態</translation>
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
